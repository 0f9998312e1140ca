import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { streamPath } from './EventList';
import { JobProgress } from './JobProgress';
import { auditServices, eventsResource } from './services';
import type { VerifyResult } from './types';
import { useAuditJob } from './useAuditJob';

/**
 * Checks every hash chain of every service, each in the background on its server with a progress bar:
 * a clear pass, or the first broken link per service.
 */
export function VerifyPage() {
  const translate = useTranslate();
  const [round, setRound] = useState(0);
  const [running, setRunning] = useState<Record<string, boolean>>({});
  const busy = Object.values(running).some(Boolean);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.audit.verify.title" />
      <CardContent>
        <Typography sx={{ mb: 2 }}>{translate('console.audit.verify.intro')}</Typography>
        <Button
          variant="contained"
          onClick={() => setRound((n) => n + 1)}
          disabled={busy}
          data-testid="verify-run"
        >
          {translate(busy ? 'console.audit.verify.running' : 'console.audit.verify.run')}
        </Button>
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {round > 0 &&
            auditServices.map((service) => (
              <ServiceChains
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

function ServiceChains({ service, onRunning }: { service: string; onRunning(running: boolean): void }) {
  const translate = useTranslate();
  const { outcome, start } = useAuditJob<VerifyResult>(service);
  const name = translate(`console.audit.services.${service}`);
  useEffect(() => void start({ kind: 'verify' }), [start]);
  useEffect(() => onRunning(outcome.state === 'idle' || outcome.state === 'running'), [outcome.state]);

  if (outcome.state === 'idle' || outcome.state === 'running')
    return (
      <Alert severity="info" data-testid={`verify-${service}`}>
        {translate('console.audit.verify.checking', { service: name })}
        {outcome.state === 'running' && <JobProgress job={outcome.job} label={name} />}
      </Alert>
    );
  if (outcome.state === 'failed')
    return (
      <Alert severity="warning" data-testid={`verify-${service}`}>
        {translate('console.audit.verify.unavailable', { service: name, message: outcome.message })}
      </Alert>
    );
  const result = outcome.job.result!;
  if (result.ok)
    return (
      <Alert severity="success" data-testid={`verify-${service}`} data-result="pass">
        {translate('console.audit.verify.pass', { service: name, smart_count: result.checked })}
      </Alert>
    );
  const broken = result.firstBroken!;
  return (
    <Alert severity="error" data-testid={`verify-${service}`} data-result="broken">
      <AlertTitle>{translate('console.audit.verify.broken', { service: name })}</AlertTitle>
      {translate('console.audit.verify.brokenAt', {
        stream: broken.streamId,
        version: broken.streamVersion,
        reason: translate(`console.audit.verify.reasons.${reasonKey(broken.reason)}`, { _: broken.reason }),
        checked: result.checked,
      })}{' '}
      <Link to={streamPath(service, broken.streamId)}>{translate('console.audit.verify.openStream')}</Link>
      {' · '}
      <Link to={`/${eventsResource(service)}/${encodeURIComponent(broken.eventId)}/show`}>
        {translate('console.audit.verify.openEvent')}
      </Link>
    </Alert>
  );
}

/** The event store's reasons (`verify()` in the kit), as message keys. */
function reasonKey(reason: string): string {
  if (reason.startsWith('stream version gap')) return 'gap';
  if (reason.startsWith('previous hash')) return 'link';
  if (reason.startsWith('event content')) return 'content';
  return 'other';
}
