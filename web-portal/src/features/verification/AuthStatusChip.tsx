import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const colors = { Verified: 'success', Processing: 'warning', 'Not Verified': 'default' } as const;
const keys = { Verified: 'verified', Processing: 'processing', 'Not Verified': 'notVerified' } as const;

/** Identity state of spec §4: Not Verified, Processing, Verified. */
export function AuthStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status in keys ? (status as keyof typeof keys) : 'Not Verified';
  return (
    <Chip
      size="small"
      color={colors[known]}
      label={t(`verification.status.${keys[known]}`)}
      data-testid="auth-status"
    />
  );
}
