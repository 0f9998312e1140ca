import { ActorField } from '../shared/ActorField';
import { RoleText } from '../shared/RolesField';
import { ZonedTimeField } from '../shared/ZonedTime';
import { DataTable, FunctionField, List, useResourceContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { eventFilters } from './EventFilters';
import { EventTypeField } from './EventTypeText';
import { StreamName } from './StreamName';
import { ServiceTabs } from './ServiceTabs';
import { eventsResource, serviceOfResource, streamPath } from './services';
import type { AuditEvent } from './types';

/** One service's event history, newest first, filtered by stream, type, actor and time range. */
export function EventList() {
  const resource = useResourceContext();
  const service = serviceOfResource(resource);
  return (
    <>
      <ServiceTabs value={service} to={(other) => `/${eventsResource(other)}`} />
      <List
        title="console.audit.events.title"
        filters={eventFilters}
        sort={{ field: 'position', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={false}
        storeKey={false}
      >
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="position" label="console.audit.fields.position" />
          <DataTable.Col source="occurredAt" label="console.audit.fields.occurredAt">
            <ZonedTimeField source="occurredAt" seconds />
          </DataTable.Col>
          <DataTable.Col source="type" label="console.audit.fields.type">
            <EventTypeField />
          </DataTable.Col>
          <DataTable.Col source="stream.id" label="console.audit.fields.streamId">
            <FunctionField<AuditEvent>
              render={(record) => (
                <Link
                  to={streamPath(service, record.stream.id)}
                  onClick={(event) => event.stopPropagation()}
                  data-testid="stream-link"
                >
                  <StreamName streamId={record.stream.id} event={record} />
                </Link>
              )}
            />
          </DataTable.Col>
          <DataTable.Col source="version" label="console.audit.fields.version" />
          <DataTable.Col source="actor.userId" label="console.audit.fields.actorId" disableSort>
            <ActorField />
          </DataTable.Col>
          <DataTable.Col source="actor.role" label="console.audit.fields.role" disableSort>
            <RoleText source="actor.role" />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
