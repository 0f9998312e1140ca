import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { SubmissionStatus } from './types';

const colors = {
  Waiting: 'default',
  Evaluating: 'info',
  Completed: 'success',
  Invalid: 'warning',
  Failed: 'error',
  Cancelled: 'default',
} as const;

/** A submission's state of spec §4 (Waiting, Invalid, Evaluating, Completed, Failed), or Cancelled (decision 0020). */
export function SubmissionStatusChip({ status }: { status: SubmissionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={colors[status] ?? 'default'}
      label={t(`scoring.statuses.${status}`)}
      data-testid="submission-status"
    />
  );
}
