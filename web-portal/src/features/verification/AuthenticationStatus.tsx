import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../forms/dates';
import { AuthStatusChip } from './AuthStatusChip';
import type { Authentication } from './verificationApi';

/** The current state, what was submitted, and the reason of a rejection. */
export function AuthenticationStatus({ authentication }: { authentication: Authentication }) {
  const { t, i18n } = useTranslation();
  const { status, reason, name, certificateType, certificateNumber, submittedAt } = authentication;
  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography color="text.secondary">{t('verification.statusLabel')}</Typography>
        <AuthStatusChip status={status} />
      </Box>
      {status === 'Not Verified' && reason ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="rejection-reason">
          {t('verification.rejected', { reason })}
        </Alert>
      ) : null}
      {status === 'Processing' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('verification.processing')}
        </Alert>
      ) : null}
      {status !== 'Not Verified' && name ? (
        <Typography variant="body2" color="text.secondary">
          {t('verification.submitted', {
            name,
            type:
              certificateType === 'passport'
                ? t('verification.certificateTypes.passport')
                : t('verification.certificateTypes.id-card'),
            number: certificateNumber ?? '',
            time: submittedAt ? formatZonedDateTime(submittedAt, i18n.resolvedLanguage) : '',
          })}
        </Typography>
      ) : null}
    </Box>
  );
}
