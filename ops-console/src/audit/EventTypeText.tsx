import Tooltip from '@mui/material/Tooltip';
import { useLocale, useRecordContext } from 'react-admin';
import { ShortOnOneLine } from '../shared/ShortOnOneLine';
import { eventTypeName } from './eventTypes';
import type { AuditEvent } from './types';

/** An event type in words; the type as recorded (`identity.TokenRevoked`) on hover. */
export function EventTypeText({ type }: { type: string }) {
  const locale = useLocale();
  return (
    <Tooltip title={type}>
      <span data-testid="event-type" data-type={type}>
        <ShortOnOneLine text={eventTypeName(type, locale)} />
      </span>
    </Tooltip>
  );
}

/** The record's event type in words (a react-admin field). */
export function EventTypeField(_: { label?: string; sortable?: boolean; source?: string }) {
  const record = useRecordContext<AuditEvent>();
  return record ? <EventTypeText type={record.type} /> : null;
}
