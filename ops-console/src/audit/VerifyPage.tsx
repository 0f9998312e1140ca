import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { streamPath } from './EventList';
import { auditServices, eventsResource } from './services';
import type { VerifyResult } from './types';
import { messageOf, useAuditApi } from './useAuditApi';

type Outcome =
  { state: 'checking' } | { state: 'failed'; message: string } | { state: 'done'; result: VerifyResult };

/** Checks every hash chain of every service: a clear pass, or the first broken link per service. */
export function VerifyPage() {
  const translate = useTranslate();
  const api = useAuditApi();
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const running = Object.values(outcomes).some((outcome) => outcome.state === 'checking');

  const verify = () => {
    setOutcomes(Object.fromEntries(auditServices.map((service) => [service, { state: 'checking' }])));
    for (const service of auditServices) {
      api.verify(service).then(
        (result) => setOutcomes((all) => ({ ...all, [service]: { state: 'done', result } })),
        (error: unknown) =>
          setOutcomes((all) => ({ ...all, [service]: { state: 'failed', message: messageOf(error) } })),
      );
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.audit.verify.title" />
      <CardContent>
        <Typography sx={{ mb: 2 }}>{translate('console.audit.verify.intro')}</Typography>
        <Button variant="contained" onClick={verify} disabled={running} data-testid="verify-run">
          {translate(running ? 'console.audit.verify.running' : 'console.audit.verify.run')}
        </Button>
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {auditServices.map((service) => {
            const outcome = outcomes[service];
            if (!outcome) return null;
            const name = translate(`console.audit.services.${service}`);
            if (outcome.state === 'checking')
              return (
                <Alert key={service} severity="info" data-testid={`verify-${service}`}>
                  {translate('console.audit.verify.checking', { service: name })}
                </Alert>
              );
            if (outcome.state === 'failed')
              return (
                <Alert key={service} severity="warning" data-testid={`verify-${service}`}>
                  {translate('console.audit.verify.unavailable', { service: name, message: outcome.message })}
                </Alert>
              );
            const { result } = outcome;
            if (result.ok)
              return (
                <Alert key={service} severity="success" data-testid={`verify-${service}`} data-result="pass">
                  {translate('console.audit.verify.pass', { service: name, smart_count: result.checked })}
                </Alert>
              );
            const broken = result.firstBroken!;
            return (
              <Alert key={service} severity="error" data-testid={`verify-${service}`} data-result="broken">
                <AlertTitle>{translate('console.audit.verify.broken', { service: name })}</AlertTitle>
                {translate('console.audit.verify.brokenAt', {
                  stream: broken.streamId,
                  version: broken.streamVersion,
                  reason: translate(`console.audit.verify.reasons.${reasonKey(broken.reason)}`, {
                    _: broken.reason,
                  }),
                  checked: result.checked,
                })}{' '}
                <Link to={streamPath(service, broken.streamId)}>
                  {translate('console.audit.verify.openStream')}
                </Link>
                {' · '}
                <Link to={`/${eventsResource(service)}/${encodeURIComponent(broken.eventId)}/show`}>
                  {translate('console.audit.verify.openEvent')}
                </Link>
              </Alert>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The event store's reasons (`verify()` in the kit), as message keys. */
function reasonKey(reason: string): string {
  if (reason.startsWith('stream version gap')) return 'gap';
  if (reason.startsWith('previous hash')) return 'link';
  if (reason.startsWith('event content')) return 'content';
  return 'other';
}
