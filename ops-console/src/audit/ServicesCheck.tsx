import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { JobProgress } from './JobProgress';
import { auditServices } from './services';
import { type JobOutcome, useAuditJob } from './useAuditJob';

type Check = 'verify' | 'read-models';
/** Each check's messages: `console.audit.<key>.{title,intro,run,running,checking,unavailable}`. */
const messages = { verify: 'console.audit.verify', 'read-models': 'console.audit.readModels' } as const;

/**
 * One audit check run on every service at once, each in the background on its server with a progress
 * bar (the chains, or the read models): a Run button, then one answer per service, shown by `answer`
 * once its job is done.
 */
export function ServicesCheck<R>({
  check,
  answer,
}: {
  check: Check;
  answer(props: { service: string; name: string; result: R; testId: string }): ReactNode;
}) {
  const translate = useTranslate();
  const [round, setRound] = useState(0);
  const [running, setRunning] = useState<Record<string, boolean>>({});
  const busy = Object.values(running).some(Boolean);
  const key = messages[check];

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`${key}.title`} />
      <CardContent>
        <Typography sx={{ mb: 2 }}>{translate(`${key}.intro`)}</Typography>
        <Button
          variant="contained"
          onClick={() => setRound((n) => n + 1)}
          disabled={busy}
          data-testid={`${check}-run`}
        >
          {translate(busy ? `${key}.running` : `${key}.run`)}
        </Button>
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {round > 0 &&
            auditServices.map((service) => (
              <ServiceCheck
                key={`${service}-${round}`}
                service={service}
                check={check}
                answer={answer}
                onRunning={(value) => setRunning((all) => ({ ...all, [service]: value }))}
              />
            ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ServiceCheck<R>({
  service,
  check,
  answer,
  onRunning,
}: {
  service: string;
  check: Check;
  answer(props: { service: string; name: string; result: R; testId: string }): ReactNode;
  onRunning(running: boolean): void;
}) {
  const translate = useTranslate();
  const { outcome, start } = useAuditJob<R>(service);
  const name = translate(`console.audit.services.${service}`);
  const key = messages[check];
  useEffect(() => void start({ kind: check }), [start, check]);
  useEffect(() => onRunning(pending(outcome)), [outcome.state]);
  const testId = `${check}-${service}`;

  if (outcome.state === 'idle' || outcome.state === 'running')
    return (
      <Alert severity="info" data-testid={testId}>
        {translate(`${key}.checking`, { service: name })}
        {outcome.state === 'running' && <JobProgress job={outcome.job} label={name} />}
      </Alert>
    );
  if (outcome.state === 'failed')
    return (
      <Alert severity="warning" data-testid={testId}>
        {translate(`${key}.unavailable`, { service: name, message: outcome.message })}
      </Alert>
    );
  return answer({ service, name, result: outcome.job.result!, testId });
}

const pending = (outcome: JobOutcome<unknown>) => outcome.state === 'idle' || outcome.state === 'running';
