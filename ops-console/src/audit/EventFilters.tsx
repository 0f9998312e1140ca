import { DateTimeInput, TextInput } from 'react-admin';

/** `datetime-local` gives the browser's local time; the API takes ISO instants. */
const toInstant = (value: string) => (value ? new Date(value).toISOString() : undefined);

/** stream, type, actor and time range: the audit API's `filter`. */
export const eventFilters = [
  <TextInput key="streamId" source="streamId" label="console.audit.fields.streamId" alwaysOn resettable />,
  <TextInput key="type" source="type" label="console.audit.fields.type" alwaysOn resettable />,
  <TextInput key="actorId" source="actorId" label="console.audit.fields.actorId" alwaysOn resettable />,
  <DateTimeInput key="from" source="from" label="console.audit.fields.from" parse={toInstant} alwaysOn />,
  <DateTimeInput key="to" source="to" label="console.audit.fields.to" parse={toInstant} alwaysOn />,
];
