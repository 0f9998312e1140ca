import Tooltip from '@mui/material/Tooltip';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatInZone, localZone, platformZone, withoutZoneName } from './time';

/**
 * A time with its zone (decision 0034): the competition's zone on competition data (`zone`), else the
 * platform's. One line (issue 35), the zone as its offset ("2026-11-29 09:36:27 GMT+8") and the zone's
 * name in the tooltip with the viewer's own time: staff read the offset at a glance, the name on hover.
 */
export function ZonedTime({
  value,
  zone,
  seconds,
}: {
  value: string | null | undefined;
  zone?: string;
  seconds?: boolean;
}) {
  const translate = useTranslate();
  if (!value) return <span>—</span>;
  const shown = zone ?? platformZone;
  const named = formatInZone(value, shown, { seconds });
  const local = `${translate('console.trust.time.local')}: ${formatInZone(value, localZone(), { seconds })}`;
  return (
    <Tooltip
      title={
        <>
          <div>{named}</div>
          <div>{local}</div>
        </>
      }
    >
      <time
        dateTime={value}
        data-testid="zoned-time"
        data-zone={shown}
        aria-description={`${named}; ${local}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        {withoutZoneName(named, shown)}
      </time>
    </Tooltip>
  );
}

/** A react-admin field of the record (`source`), shown as a ZonedTime; `zoneSource` names the record's zone. */
export function ZonedTimeField({
  source,
  zoneSource,
  seconds,
}: {
  source: string;
  zoneSource?: string;
  /** To the second (event histories, where order within a minute matters). */
  seconds?: boolean;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
}) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  const zone = zoneSource ? (record?.[zoneSource] as string | undefined) : undefined;
  return <ZonedTime value={typeof value === 'string' ? value : null} zone={zone} seconds={seconds} />;
}
