import { ActorField } from '../shared/ActorField';
import { RoleText } from '../shared/RolesField';
import { ZonedTimeField } from '../shared/ZonedTime';
import {
  FunctionField,
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useResourceContext,
  useLocale,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { EventJson } from './EventJson';
import { EventTypeField } from './EventTypeText';
import { eventTypeName } from './eventTypes';
import { StreamName } from './StreamName';
import { serviceOfResource, streamPath } from './services';
import type { AuditEvent } from './types';

function EventTitle() {
  const record = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <span>
      {translate('console.audit.events.show', { type: record ? eventTypeName(record.type, locale) : '' })}
    </span>
  );
}

function WholeEvent() {
  const record = useRecordContext<AuditEvent>();
  return record ? <EventJson value={record} /> : null;
}

/** One event: its envelope fields, a link to its stream, and the whole event as JSON. */
export function EventShow() {
  const service = serviceOfResource(useResourceContext());
  return (
    <Show title={<EventTitle />}>
      <SimpleShowLayout>
        <TextField source="id" label="console.audit.fields.id" />
        <EventTypeField label="console.audit.fields.type" />
        <ZonedTimeField source="occurredAt" label="console.audit.fields.occurredAt" seconds />
        <FunctionField<AuditEvent>
          label="console.audit.fields.streamId"
          render={(record) => (
            <Link to={streamPath(service, record.stream.id)} data-testid="stream-link">
              <StreamName streamId={record.stream.id} event={record} />
            </Link>
          )}
        />
        <NumberField source="version" label="console.audit.fields.version" />
        <ActorField label="console.audit.fields.actorId" />
        <RoleText source="actor.role" label="console.audit.fields.role" />
        <TextField source="correlation.correlationId" label="console.audit.fields.correlationId" />
        <TextField source="correlation.causationId" label="console.audit.fields.causationId" emptyText="—" />
        <TextField source="hash" label="console.audit.fields.hash" />
        <TextField source="previousHash" label="console.audit.fields.previousHash" emptyText="—" />
        <Labeled label="console.audit.fields.event" fullWidth>
          <WholeEvent />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
