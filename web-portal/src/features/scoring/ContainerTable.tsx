import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '../../forms/ZonedTime';
import { formatScore } from './formatScore';
import { SubmissionStatusChip } from './SubmissionStatusChip';
import { QueueNote } from './SubmissionTable';
import { useSubmissionLog } from './submissionLog';
import type { ContainerSubmission } from './types';

/** My team's container submissions: time, image, status, where the run is, score and log. */
export function ContainerTable({
  submissions,
  timeZone,
}: {
  submissions: ContainerSubmission[];
  timeZone?: string;
}) {
  const { t } = useTranslation();
  const logOf = useSubmissionLog();
  if (submissions.length === 0)
    return (
      <Typography color="text.secondary" data-testid="no-container-submissions">
        {t('container.none')}
      </Typography>
    );
  return (
    <Table size="small" data-testid="container-submissions">
      <TableHead>
        <TableRow>
          <TableCell>{t('scoring.submittedAt')}</TableCell>
          <TableCell>{t('container.image')}</TableCell>
          <TableCell>{t('scoring.status')}</TableCell>
          <TableCell>{t('container.runState')}</TableCell>
          <TableCell>{t('scoring.score')}</TableCell>
          <TableCell>{t('scoring.log')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {submissions.map((submission) => (
          <TableRow key={submission.submissionId} data-testid="container-row">
            <TableCell>
              <ZonedTime iso={submission.submittedAt} timeZone={timeZone} />
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {submission.image}
              </Typography>
              {submission.configPath ? (
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {submission.configPath}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              <SubmissionStatusChip status={submission.status} />
              {/* A smoke run (decision 0049): marked, never scored or ranked. */}
              {submission.smoke ? (
                <Chip
                  size="small"
                  variant="outlined"
                  color="info"
                  label={t('container.smokeChip')}
                  data-testid="smoke-chip"
                  sx={{ ml: 1 }}
                />
              ) : null}
              {/* Its place in the fair queue of container runs (decision 0038). */}
              <QueueNote submission={submission} timeZone={timeZone} />
            </TableCell>
            <TableCell data-testid="run-state">
              {submission.runState ? t(`container.runStates.${submission.runState}`) : '-'}
            </TableCell>
            <TableCell data-testid="submission-score">
              {submission.smoke ? t('container.smokeNoScore') : formatScore(submission.score)}
            </TableCell>
            <TableCell>
              {logOf(submission) ? (
                <Box
                  component="pre"
                  data-testid="container-log"
                  sx={{ m: 0, maxHeight: 160, maxWidth: 420, overflow: 'auto', fontSize: 12 }}
                >
                  {logOf(submission)}
                </Box>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
