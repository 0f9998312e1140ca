import { AutocompleteInput, DateTimeInput, ReferenceInput, TextInput, useTranslate } from 'react-admin';
import { localZone } from '../trust/time';

/** `datetime-local` gives the browser's local time; the API takes ISO instants. */
const toInstant = (value: string) => (value ? new Date(value).toISOString() : undefined);

/** A time filter's label with the zone its input is read in (the viewer's). */
function ZoneLabel({ label }: { label: string }) {
  const translate = useTranslate();
  return <>{`${translate(label)} (${localZone()})`}</>;
}

/** stream, type, actor (picked by username) and time range: the audit API's `filter`. */
export const eventFilters = [
  <TextInput key="streamId" source="streamId" label="console.audit.fields.streamId" alwaysOn resettable />,
  <TextInput key="type" source="type" label="console.audit.fields.type" alwaysOn resettable />,
  <ReferenceInput key="actorId" source="actorId" reference="accounts" alwaysOn>
    <AutocompleteInput
      label="console.audit.fields.actorId"
      optionText="username"
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 220 }}
    />
  </ReferenceInput>,
  <DateTimeInput
    key="from"
    source="from"
    label={<ZoneLabel label="console.audit.fields.from" />}
    parse={toInstant}
    alwaysOn
  />,
  <DateTimeInput
    key="to"
    source="to"
    label={<ZoneLabel label="console.audit.fields.to" />}
    parse={toInstant}
    alwaysOn
  />,
];
