import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ServicesCheck } from './ServicesCheck';
import { eventsResource, streamPath } from './services';
import type { VerifyResult } from './types';

/**
 * Checks every hash chain of every service, each in the background on its server with a progress bar:
 * a clear pass, or the first broken link per service.
 */
export function VerifyPage() {
  return <ServicesCheck<VerifyResult> check="verify" answer={(props) => <ChainsAnswer {...props} />} />;
}

function ChainsAnswer({
  service,
  name,
  result,
  testId,
}: {
  service: string;
  name: string;
  result: VerifyResult;
  testId: string;
}) {
  const translate = useTranslate();
  if (result.ok)
    return (
      <Alert severity="success" data-testid={testId} data-result="pass">
        {translate('console.audit.verify.pass', { service: name, smart_count: result.checked })}
      </Alert>
    );
  const broken = result.firstBroken!;
  return (
    <Alert severity="error" data-testid={testId} data-result="broken">
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
