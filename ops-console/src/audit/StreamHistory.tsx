import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Actor } from '../shared/ActorField';
import { StreamSearch } from '../trust/StreamSearch';
import { ZonedTime } from '../shared/ZonedTime';
import { EventJson } from './EventJson';
import { EventTypeText } from './EventTypeText';
import { StreamName } from './StreamName';
import { auditServices, eventsResource, isAuditService, streamPath } from './services';
import type { AuditEvent } from './types';
import { messageOf, useAuditApi } from './useAuditApi';

type Loaded =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'done'; events: AuditEvent[] };

/** One stream's full history, oldest first, each event linked to the one before by its hash. */
export function StreamHistory() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const api = useAuditApi();
  const params = useParams<{ service?: string; streamId?: string }>();
  const service = isAuditService(params.service) ? params.service : 'identity';
  const streamId = params.streamId ?? '';
  const [form, setForm] = useState({ service, streamId });
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });

  useEffect(() => setForm({ service, streamId }), [service, streamId]);
  useEffect(() => {
    if (!streamId) return setLoaded({ state: 'idle' });
    let current = true;
    setLoaded({ state: 'loading' });
    api.stream(service, streamId).then(
      (events) => current && setLoaded({ state: 'done', events }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, service, streamId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.streamId.trim()) navigate(streamPath(form.service, form.streamId.trim()));
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.audit.streams.title" />
      <CardContent>
        <StreamSearch />
        <Stack component="form" direction="row" spacing={2} sx={{ mb: 2, mt: 2 }} onSubmit={submit}>
          <TextField
            select
            size="small"
            label={translate('console.audit.fields.service')}
            value={form.service}
            onChange={(event) => setForm({ ...form, service: event.target.value as typeof service })}
            sx={{ minWidth: 160 }}
          >
            {auditServices.map((name) => (
              <MenuItem key={name} value={name}>
                {translate(`console.audit.services.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={translate('console.audit.fields.streamId')}
            value={form.streamId}
            onChange={(event) => setForm({ ...form, streamId: event.target.value })}
            sx={{ minWidth: 360 }}
            slotProps={{ htmlInput: { 'data-testid': 'stream-input' } }}
          />
          <Button type="submit" variant="contained" data-testid="stream-show">
            {translate('console.audit.streams.show')}
          </Button>
        </Stack>
        {loaded.state === 'idle' && <Alert severity="info">{translate('console.audit.streams.hint')}</Alert>}
        {loaded.state === 'loading' && <Loading />}
        {loaded.state === 'failed' && (
          <Alert severity="error">{translate(loaded.message, { _: loaded.message })}</Alert>
        )}
        {loaded.state === 'done' && (
          <>
            <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="stream-title">
              <StreamName streamId={streamId} event={loaded.events[0]} />
            </Typography>
            <StreamTable service={service} events={loaded.events} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function StreamTable({ service, events }: { service: string; events: AuditEvent[] }) {
  const translate = useTranslate();
  return (
    <Table size="small" data-testid="stream-history">
      <TableHead>
        <TableRow>
          <TableCell>{translate('console.audit.fields.version')}</TableCell>
          <TableCell>{translate('console.audit.fields.type')}</TableCell>
          <TableCell>{translate('console.audit.fields.occurredAt')}</TableCell>
          <TableCell>{translate('console.audit.fields.actorId')}</TableCell>
          <TableCell>{translate('console.audit.fields.role')}</TableCell>
          <TableCell>{translate('console.audit.fields.hash')}</TableCell>
          <TableCell>{translate('console.audit.fields.data')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((event, index) => {
          const linked = event.previousHash === (index === 0 ? null : events[index - 1]!.hash);
          return (
            <TableRow key={event.id} data-testid="stream-event">
              <TableCell>{event.version}</TableCell>
              <TableCell>
                <Link to={`/${eventsResource(service)}/${encodeURIComponent(event.id)}/show`}>
                  <EventTypeText type={event.type} />
                </Link>
              </TableCell>
              <TableCell>
                <ZonedTime value={event.occurredAt} seconds />
              </TableCell>
              <TableCell data-testid="stream-event-actor">
                <Actor id={event.actor.userId} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {translate(`console.roles.${event.actor.role}`, { _: event.actor.role })}
              </TableCell>
              <TableCell title={event.hash} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {event.hash.slice(0, 12)}… {linked ? '✓' : translate('console.audit.streams.unlinked')}
              </TableCell>
              <TableCell sx={{ maxWidth: 480 }}>
                <EventJson value={event.data} testId="stream-event-data" />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
