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
import { Loading, Title, useCreatePath, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { streamPath } from '../audit/EventList';
import { auditServices, eventsResource } from '../audit/services';
import { useLoad } from '../operations/useLoad';
import { EntityLink } from './EntityLink';
import { useStaffActivity } from './useStaffEvents';
import { ZonedTime } from './ZonedTime';

/** The reason an event records, if any (disable, dissolve, disqualify, reject, publication steps). */
const reasonOf = (data: unknown) =>
  data && typeof data === 'object' && 'reason' in data ? String((data as { reason: unknown }).reason) : '—';

/**
 * Every staff action (issue 19): who (by name), what (in words), when (with its zone), the reason,
 * and links to the event and to its stream's history. Auditors and admins.
 */
export function StaffActivityPage() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const load = useStaffActivity();
  const [service, setService] = useState('');
  const activity = useLoad(() => load(service ? [service] : auditServices), [load, service]);
  const what = (type: string) => {
    const key = `console.trust.activity.types.${type}`;
    const text = translate(key, { _: '' });
    return text && text !== key ? text : type;
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
            <MenuItem value="">{translate('console.trust.activity.any')}</MenuItem>
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
                    <TableCell>{translate(`console.roles.${event.actor.role}`)}</TableCell>
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
                        {what(event.type)}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ maxWidth: 280 }}>{reasonOf(event.data)}</TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={streamPath(event.service, event.stream.id)}>
                        {translate(`console.audit.services.${event.service}`)} ·{' '}
                        {translate('console.trust.activity.stream')}
                      </Link>
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
