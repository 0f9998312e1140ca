import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatInZone, platformZone } from '../shared/time';

export interface SameDocumentCase {
  verificationId: string;
  userId: string;
  username: string | null;
  name: string;
  status: 'processing' | 'approved' | 'rejected';
  submittedAt: string;
}

/**
 * The same document number behind other accounts (issue 35), on the case itself, above the decision:
 * a reviewer approving two accounts with one ID number under different names is warned before deciding
 * (operators see the same as a "shared-document" identity signal).
 */
export function SameDocumentAlert() {
  const record = useRecordContext<{ id: string; sameDocument?: SameDocumentCase[] }>();
  const translate = useTranslate();
  const others = record?.sameDocument ?? [];
  if (others.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="same-document">
      <AlertTitle>{translate('console.verifications.sameDocument.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('console.verifications.sameDocument.intro')}
      </Typography>
      {others.map((other) => (
        <Typography key={other.verificationId} variant="body2" data-testid="same-document-case">
          {translate('console.verifications.sameDocument.row', {
            username: other.username ?? translate('console.trust.unnamed'),
            name: other.name,
            status: translate(`console.verifications.status.${other.status}`),
            submittedAt: formatInZone(other.submittedAt, platformZone),
          })}
        </Typography>
      ))}
    </Alert>
  );
}
