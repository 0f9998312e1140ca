import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Loading, Title, useCreatePath, useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { eventTypeName } from '../audit/eventTypes';
import { streamPath } from '../audit/services';
import { auditServices, eventsResource } from '../audit/services';
import { useCompetitions } from '../shared/CompetitionPhasePicker';
import { localized } from '../shared/LocalizedText';
import { useLoad } from '../shared/useLoad';
import { EntityLink } from '../shared/EntityLink';
import { type ServiceEvent, accountOfEvent, useStaffActivity } from './useStaffEvents';
import { ZonedTime } from '../shared/ZonedTime';

/** The reason a staff member wrote, if any (disable, dissolve, disqualify, reject, publication steps). */
const reasonOf = (event: ServiceEvent) =>
  // A session's end records a code (`account-disabled`), not words: the disabling event has the reason.
  event.type !== 'identity.SessionRevoked' &&
  event.data &&
  typeof event.data === 'object' &&
  'reason' in event.data
    ? String((event.data as { reason: unknown }).reason)
    : '—';

type EventData = { teamName?: string; competitionId?: string; phase?: string; role?: string };

/** What an event concerns, in words: the account, team or competition (and phase) it names. */
function Subject({ event, names }: { event: ServiceEvent; names: Record<string, string | null> }) {
  const translate = useTranslate();
  const locale = useLocale();
  const competitions = useCompetitions();
  const data = (event.data ?? {}) as EventData;
  const accountId = accountOfEvent(event);
  if (accountId) return <EntityLink resource="users" id={accountId} name={names[accountId] ?? null} />;
  if (data.teamName) return <span>{data.teamName}</span>;
  if (data.competitionId) {
    const competition = competitions.find((item) => item.competitionId === data.competitionId);
    const title = competition ? localized(competition.title, locale) : data.competitionId;
    const phase = data.phase
      ? ` · ${translate(`console.competitions.phases.${data.phase}`, { _: data.phase })}`
      : '';
    return <span>{`${title}${phase}`}</span>;
  }
  return <span>—</span>;
}

/**
 * Every staff action (issue 19): who (by name), what (in words), when (with its zone), the reason,
 * and links to the event and to its stream's history. Auditors and admins.
 */
export function StaffActivityPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const createPath = useCreatePath();
  const load = useStaffActivity();
  const [service, setService] = useState('all');
  const activity = useLoad(() => load(service === 'all' ? auditServices : [service]), [load, service]);
  /** The action in words; a role change names the role. */
  const what = (event: ServiceEvent) => {
    const key = `console.trust.activity.types.${event.type}`;
    const text = translate(key, { _: '' });
    // A staff action the page has no words of its own for: the event history's words, never the type.
    const words = text && text !== key ? text : eventTypeName(event.type, locale);
    const { role } = (event.data ?? {}) as EventData;
    return role ? `${words} (${translate(`console.roles.${role}`, { _: role })})` : words;
  };
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.trust.activity.title" />
      <CardContent>
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            sx={{ maxWidth: 240 }}
            label={translate('console.trust.activity.service')}
            value={service}
            onChange={(event) => setService(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'activity-service' } }}
          >
            <MenuItem value="all">{translate('console.trust.activity.any')}</MenuItem>
            {auditServices.map((name) => (
              <MenuItem key={name} value={name}>
                {translate(`console.audit.services.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          {activity.error && <Alert severity="error">{activity.error}</Alert>}
          {!activity.data && !activity.error && <Loading />}
          {activity.data && activity.data.events.length === 0 && (
            <Alert severity="info">{translate('console.trust.activity.empty')}</Alert>
          )}
          {activity.data && activity.data.events.length > 0 && (
            <Table size="small" data-testid="staff-activity">
              <TableHead>
                <TableRow>
                  {(['when', 'who', 'role', 'what', 'reason', 'subject'] as const).map((column) => (
                    <TableCell key={column}>{translate(`console.trust.activity.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {activity.data.events.map((event) => (
                  <TableRow key={event.id} data-testid="activity-row">
                    <TableCell>
                      <ZonedTime value={event.occurredAt} />
                    </TableCell>
                    <TableCell>
                      <EntityLink
                        resource="users"
                        id={event.actor.userId}
                        name={event.actor.userId ? activity.data!.names[event.actor.userId] : null}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {translate(`console.roles.${event.actor.role}`)}
                    </TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={createPath({
                          resource: eventsResource(event.service),
                          id: event.id,
                          type: 'show',
                        })}
                        data-testid="activity-event"
                      >
                        {what(event)}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ maxWidth: 280 }}>{reasonOf(event)}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Subject event={event} names={activity.data!.names} />
                        <Link component={RouterLink} to={streamPath(event.service, event.stream.id)}>
                          {translate('console.trust.activity.stream')}
                        </Link>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
