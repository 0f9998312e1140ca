import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '../../forms/ZonedTime';
import { formatScore } from './formatScore';
import { SubmissionStatusChip } from './SubmissionStatusChip';
import type { Submission } from './types';

interface SubmissionTableProps {
  submissions: Submission[];
  busy: string | null;
  onDownload: (submission: Submission) => void;
  timeZone?: string;
  /** A column showing whether each score is in a signed checkpoint (the page's ScoreProof). */
  proofOf?: (submission: Submission) => ReactNode;
}

/** My team's submissions: time, file, status, score, log, and my file to download. */
export function SubmissionTable({ submissions, busy, onDownload, timeZone, proofOf }: SubmissionTableProps) {
  const { t } = useTranslation();
  if (submissions.length === 0)
    return (
      <Typography color="text.secondary" data-testid="no-submissions">
        {t('scoring.noSubmissions')}
      </Typography>
    );
  return (
    <Table size="small" data-testid="submissions">
      <TableHead>
        <TableRow>
          <TableCell>{t('scoring.submittedAt')}</TableCell>
          <TableCell>{t('scoring.fileName')}</TableCell>
          <TableCell>{t('scoring.status')}</TableCell>
          <TableCell>{t('scoring.score')}</TableCell>
          {proofOf ? <TableCell>{t('scoring.proof.heading')}</TableCell> : null}
          <TableCell>{t('scoring.log')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {submissions.map((submission) => (
          <TableRow key={submission.submissionId} data-testid="submission-row">
            <TableCell>
              <ZonedTime iso={submission.submittedAt} timeZone={timeZone} />
            </TableCell>
            <TableCell>{submission.fileName}</TableCell>
            <TableCell>
              <SubmissionStatusChip status={submission.status} />
            </TableCell>
            <TableCell data-testid="submission-score">{formatScore(submission.score)}</TableCell>
            {proofOf ? <TableCell>{proofOf(submission)}</TableCell> : null}
            <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 320, wordBreak: 'break-word' }}>
              {submission.log ?? ''}
            </TableCell>
            <TableCell align="right">
              <Button
                size="small"
                disabled={busy === submission.submissionId}
                onClick={() => onDownload(submission)}
                aria-label={t('scoring.downloadNamed', { name: submission.fileName })}
              >
                {t('scoring.download')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
