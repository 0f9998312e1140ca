import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { DifferenceTable } from './DifferenceTable';
import { JobProgress } from './JobProgress';
import { auditServices } from './services';
import type { ReadModelsResult } from './types';
import { useAuditJob } from './useAuditJob';

/**
 * Rebuilds every read model of every service from the events, apart, and compares it with the live one
 * (in the background on each service's server), listing the rows that differ.
 */
export function ReadModelsPage() {
  const translate = useTranslate();
  const [round, setRound] = useState(0);
  const [running, setRunning] = useState<Record<string, boolean>>({});
  const busy = Object.values(running).some(Boolean);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.audit.readModels.title" />
      <CardContent>
        <Typography sx={{ mb: 2 }}>{translate('console.audit.readModels.intro')}</Typography>
        <Button
          variant="contained"
          onClick={() => setRound((n) => n + 1)}
          disabled={busy}
          data-testid="read-models-run"
        >
          {translate(busy ? 'console.audit.readModels.running' : 'console.audit.readModels.run')}
        </Button>
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {round > 0 &&
            auditServices.map((service) => (
              <ServiceReadModels
                key={`${service}-${round}`}
                service={service}
                onRunning={(value) => setRunning((all) => ({ ...all, [service]: value }))}
              />
            ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ServiceReadModels({ service, onRunning }: { service: string; onRunning(running: boolean): void }) {
  const translate = useTranslate();
  const { outcome, start } = useAuditJob<ReadModelsResult>(service);
  const name = translate(`console.audit.services.${service}`);
  useEffect(() => void start({ kind: 'read-models' }), [start]);
  useEffect(() => onRunning(outcome.state === 'idle' || outcome.state === 'running'), [outcome.state]);
  const testId = `read-models-${service}`;

  if (outcome.state === 'idle' || outcome.state === 'running')
    return (
      <Alert severity="info" data-testid={testId}>
        {translate('console.audit.readModels.checking', { service: name })}
        {outcome.state === 'running' && <JobProgress job={outcome.job} label={name} />}
      </Alert>
    );
  if (outcome.state === 'failed')
    return (
      <Alert severity="warning" data-testid={testId}>
        {translate('console.audit.readModels.unavailable', { service: name, message: outcome.message })}
      </Alert>
    );
  const result = outcome.job.result!;
  if (result.ok)
    return (
      <Alert severity="success" data-testid={testId} data-result="pass">
        {translate('console.audit.readModels.pass', {
          service: name,
          smart_count: result.projections.length,
        })}
      </Alert>
    );
  return (
    <Alert
      severity="error"
      data-testid={testId}
      data-result="differ"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>{translate('console.audit.readModels.differ', { service: name })}</AlertTitle>
      {result.projections
        .filter((report) => !report.ok)
        .map((report) => (
          <Stack key={report.projection} spacing={0.5} sx={{ mb: 1 }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {translate('console.audit.readModels.projectionDiffers', {
                projection: report.projection,
                smart_count: report.differenceCount,
              })}
            </Typography>
            <DifferenceTable differences={report.differences} />
          </Stack>
        ))}
    </Alert>
  );
}
