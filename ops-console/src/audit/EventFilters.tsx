import {
  AutocompleteInput,
  DateTimeInput,
  ReferenceInput,
  TextInput,
  useLocale,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { eventTypeName, eventTypeNames } from './eventTypes';
import { serviceOfResource } from './services';
import { isoToZonedLocal, platformZone, zonedToIso } from '../shared/time';

/**
 * The time filters are typed in the platform's zone, as the history shows its times (decision 0034);
 * the API takes ISO instants.
 */
const toInstant = (value: string) => (value ? zonedToIso(value, platformZone) : undefined);
const toWallClock = (value: string | undefined) => (value ? isoToZonedLocal(value, platformZone) : '');

/** A time filter's label with the zone its input is read in. */
function ZoneLabel({ label }: { label: string }) {
  const translate = useTranslate();
  return <>{`${translate(label)} (${platformZone})`}</>;
}

/** The service's event types, picked by their words (the recorded type is what the filter sends). */
function TypeInput(_: { source: string; alwaysOn?: boolean }) {
  const service = serviceOfResource(useResourceContext());
  const locale = useLocale();
  const choices = Object.keys(eventTypeNames)
    .filter((type) => type.startsWith(`${service}.`))
    .map((type) => ({ id: type, name: eventTypeName(type, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return (
    <AutocompleteInput
      source="type"
      label="console.audit.fields.type"
      choices={choices}
      sx={{ minWidth: 240 }}
      data-testid="type-filter"
    />
  );
}

/** stream, type, actor (picked by username) and time range: the audit API's `filter`. */
export const eventFilters = [
  <TextInput key="streamId" source="streamId" label="console.audit.fields.streamId" alwaysOn resettable />,
  <TypeInput key="type" source="type" alwaysOn />,
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
    format={toWallClock}
    alwaysOn
  />,
  <DateTimeInput
    key="to"
    source="to"
    label={<ZoneLabel label="console.audit.fields.to" />}
    parse={toInstant}
    format={toWallClock}
    alwaysOn
  />,
];
