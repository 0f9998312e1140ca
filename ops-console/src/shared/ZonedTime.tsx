import Tooltip from '@mui/material/Tooltip';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatInZone, localZone, platformZone } from './time';

/**
 * A time with its zone named (decision 0034): the competition's zone on competition data (`zone`), else
 * the platform's; hovering shows the viewer's own time.
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
  const local = formatInZone(value, localZone(), { seconds });
  return (
    <Tooltip title={`${translate('console.trust.time.local')}: ${local}`}>
      <span data-testid="zoned-time">{formatInZone(value, shown, { seconds })}</span>
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
