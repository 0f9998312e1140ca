import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notices } from '../../notices/notices';
import { session } from '../session/session';
import { closeAccount } from './accountApi';
import { CloseAccountDialog } from './CloseAccountDialog';

/** /user/myInfo: closing one's own account (spec §9), after a confirmation. */
export function CloseAccountSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const close = async (password: string) => {
    const { deleteAfter } = await closeAccount(password);
    setOpen(false);
    notices.notify({
      severity: 'success',
      message: deleteAfter ? t('closeAccount.done', { day: deleteAfter }) : t('closeAccount.doneNoDay'),
    });
    // The server ended every session: leave for /login, then forget the user (as signing out does).
    await navigate('/login', { flushSync: true });
    session.clear();
  };
  return (
    <Box sx={{ mt: 6, pt: 3, borderTop: 1, borderColor: 'divider' }} data-testid="close-account">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('closeAccount.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('closeAccount.intro')}
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('closeAccount.open')}
      </Button>
      <CloseAccountDialog open={open} onClose={() => setOpen(false)} close={close} />
    </Box>
  );
}
