import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AuditJob } from './types';

/** A running background check: its bar (`done` of `total`) and what it is at. */
export function JobProgress({ job, label }: { job: AuditJob; label: string }) {
  const translate = useTranslate();
  const percent = job.total > 0 ? Math.min(100, Math.round((100 * job.done) / job.total)) : 0;
  return (
    <Box data-testid="job-progress" data-state={job.state}>
      <LinearProgress variant="determinate" value={percent} aria-label={label} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('console.audit.jobs.progress', { done: job.done, total: job.total })}
        {job.step ? ` · ${job.step}` : ''}
      </Typography>
    </Box>
  );
}
