import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../account/UserAvatar';
import type { UserDetail } from '../session/types';
import { AuthStatusChip } from '../verification/AuthStatusChip';
import { ContactChangeDialog } from './ContactChangeDialog';

/** Account name, email, phone and verification status, with the contact change. */
export function AccountSummary({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const rows = [
    ['username', user.username],
    ['email', user.email],
    ['phone', user.phone],
  ] as const;
  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', mb: 4 }}>
      <UserAvatar user={user} size={72} />
      <Box sx={{ flex: 1 }}>
        {rows.map(([key, value]) => (
          <Typography key={key} sx={{ mb: 0.5 }}>
            <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
              {t(`profile.account.${key}`)}
            </Box>
            {value ?? t('profile.account.none')}
          </Typography>
        ))}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
          <AuthStatusChip status={user.authStatus} />
        </Box>
      </Box>
      <Button variant="outlined" onClick={() => setChanging(true)}>
        {t('profile.changeContact')}
      </Button>
      <ContactChangeDialog open={changing} onClose={() => setChanging(false)} />
    </Box>
  );
}
