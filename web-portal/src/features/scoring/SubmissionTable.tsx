import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../forms/dates';
import { ZonedTime } from '../../forms/ZonedTime';
import { formatScore } from './formatScore';
import { SubmissionStatusChip } from './SubmissionStatusChip';
import { useSubmissionLog } from './submissionLog';
import type { Submission } from './types';

interface SubmissionTableProps {
  submissions: Submission[];
  busy: string | null;
  onDownload: (submission: Submission) => void;
  timeZone?: string;
  /** A column showing whether each score is in a signed checkpoint (the page's ScoreProof). */
  proofOf?: (submission: Submission) => ReactNode;
  /** Cancels a submission that has not started (decision 0020); absent: no cancel buttons. */
  onCancel?: (submission: Submission) => void;
}

/** Where an unfinished submission is: its place in the queue and the estimated times (files' or runs'). */
export function QueueNote({ submission, timeZone }: { submission: Submission; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const queue = submission.queue;
  if (!queue || (submission.status !== 'Waiting' && submission.status !== 'Evaluating')) return null;
  const at = (iso: string) => formatZonedDateTime(iso, i18n.resolvedLanguage, timeZone);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="queue-place">
      {queue.place === 0 ? t('scoring.queue.evaluating') : t('scoring.queue.place', { place: queue.place })}
      <br />
      <span data-testid="queue-estimate">
        {queue.estimatedFinish === null
          ? t('scoring.queue.noEstimate')
          : queue.place === 0 || queue.estimatedStart === null
            ? t('scoring.queue.finishOnly', { finish: at(queue.estimatedFinish) })
            : t('scoring.queue.estimate', {
                start: at(queue.estimatedStart),
                finish: at(queue.estimatedFinish),
              })}
      </span>
    </Typography>
  );
}

/** My team's submissions: time, file, status, score, the scorer's note when any, and my file to download. */
export function SubmissionTable({
  submissions,
  busy,
  onDownload,
  timeZone,
  proofOf,
  onCancel,
}: SubmissionTableProps) {
  const { t } = useTranslation();
  const logOf = useSubmissionLog();
  // The scorer writes a note only when it refuses a file (issue 35: the column was always empty for
  // scored files): the column is there when some row has one.
  const withNotes = submissions.some((submission) => logOf(submission) !== '');
  // A column per secondary metric any row has (decision 0046), named as the board names it.
  const metrics = [
    ...new Set(submissions.flatMap((submission) => (submission.scores ?? []).map((entry) => entry.metric))),
  ];
  if (submissions.length === 0)
    return (
      <Typography color="text.secondary" data-testid="no-submissions">
        {t('scoring.noSubmissions')}
      </Typography>
    );
  // Many metric columns scroll sideways in the table's own box, never the page (issue 35).
  return (
    <TableContainer>
      <Table size="small" data-testid="submissions">
        <TableHead>
          <TableRow>
            <TableCell>{t('scoring.submittedAt')}</TableCell>
            <TableCell>{t('scoring.fileName')}</TableCell>
            <TableCell>{t('scoring.message')}</TableCell>
            <TableCell>{t('scoring.status')}</TableCell>
            <TableCell>{t('scoring.score')}</TableCell>
            {metrics.map((metric) => (
              <TableCell key={metric} data-testid="submission-column">
                {metric}
              </TableCell>
            ))}
            {proofOf ? <TableCell>{t('scoring.proof.heading')}</TableCell> : null}
            {withNotes ? <TableCell>{t('scoring.scorerNote')}</TableCell> : null}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {submissions.map((submission) => (
            <TableRow key={submission.submissionId} data-testid="submission-row">
              <TableCell>
                <ZonedTime iso={submission.submittedAt} timeZone={timeZone} />
              </TableCell>
              {/* A file's name on one line ("result-v2.csv" broke at its hyphen), a long one cut short. */}
              <TableCell
                title={submission.fileName}
                sx={{ whiteSpace: 'nowrap', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {submission.fileName}
              </TableCell>
              <TableCell
                data-testid="submission-description"
                sx={{ whiteSpace: 'pre-wrap', maxWidth: 240, wordBreak: 'break-word' }}
              >
                {submission.description ?? ''}
              </TableCell>
              <TableCell>
                <SubmissionStatusChip status={submission.status} />
                <QueueNote submission={submission} timeZone={timeZone} />
              </TableCell>
              <TableCell data-testid="submission-score">
                {submission.scoreHidden
                  ? t(`scoring.scoreHidden.${submission.scoreHidden}`)
                  : formatScore(submission.score)}
              </TableCell>
              {metrics.map((metric) => {
                const entry = submission.scores?.find((one) => one.metric === metric);
                return (
                  <TableCell key={metric} data-testid="submission-secondary">
                    {submission.scoreHidden && entry
                      ? t(`scoring.scoreHidden.${submission.scoreHidden}`)
                      : formatScore(entry?.score ?? null)}
                  </TableCell>
                );
              })}
              {proofOf ? <TableCell>{proofOf(submission)}</TableCell> : null}
              {withNotes ? (
                <TableCell
                  data-testid="submission-log"
                  sx={{ whiteSpace: 'pre-wrap', maxWidth: 320, wordBreak: 'break-word' }}
                >
                  {logOf(submission)}
                </TableCell>
              ) : null}
              <TableCell align="right">
                {onCancel && submission.status === 'Waiting' && (submission.queue?.place ?? 0) > 0 ? (
                  <Button
                    size="small"
                    color="warning"
                    disabled={busy === submission.submissionId}
                    onClick={() => onCancel(submission)}
                    aria-label={t('scoring.cancelNamed', { name: submission.fileName })}
                    data-testid="cancel-submission"
                  >
                    {t('scoring.cancel')}
                  </Button>
                ) : null}
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
    </TableContainer>
  );
}
