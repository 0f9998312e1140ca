import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';

const colors = { processing: 'warning', approved: 'success', rejected: 'error' } as const;

/** The verification's status as a coloured chip. */
export function StatusField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<{ status?: keyof typeof colors }>();
  const translate = useTranslate();
  if (!record?.status) return null;
  return (
    <Chip
      size="small"
      color={colors[record.status] ?? 'default'}
      label={translate(`console.verifications.status.${record.status}`)}
      data-testid="verification-status"
    />
  );
}
