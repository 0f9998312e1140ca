import {
  type EventDefinition,
  type EventEnvelope,
  type EventMetadata,
  isSealedValue,
  sealedValuePattern,
} from '@sais/events';
import { open, packSealed, seal, unpackSealed } from '../crypto.ts';
import type { Db } from '../db/database.ts';
import type { DataKey, PersonalDataKeys } from './keys.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The associated data of a sealed value: a value copied to another person or field does not open. */
const context = (subject: string, field: string) => `pd1:${subject}:${field}`;

export function sealValue(key: Buffer, subject: string, field: string, value: unknown): string {
  const packed = packSealed(seal(key, context(subject, field), Buffer.from(JSON.stringify(value))));
  return `pd1.${subject}.${packed.toString('base64url')}`;
}

/** The plain value, or `null` when its key was destroyed (or never existed). */
export function openValue(key: DataKey | undefined, field: string, sealed: string): unknown {
  const [, subject, body] = sealedValuePattern.exec(sealed)!;
  if (!key) return null;
  return JSON.parse(
    open(key, context(subject!, field), unpackSealed(Buffer.from(body!, 'base64url'))).toString(),
  );
}

/** What an event store seals before it hashes and stores an event. */
export interface ToSeal {
  definition: EventDefinition;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

/**
 * Seals the personal fields of events (their definition's `personal`), and the address in the metadata
 * of events caused by a signed-in person, each with that person's key (created on first use, in `trx`).
 */
export async function sealEvents(
  keys: PersonalDataKeys,
  events: readonly ToSeal[],
  trx?: Db,
): Promise<{ data: Record<string, unknown>; metadata: EventMetadata }[]> {
  const subjectOf = (event: ToSeal) =>
    event.definition.personal ? String(event.data[event.definition.personal.subject]) : null;
  const ipSubject = (event: ToSeal) => {
    const { userId, ip } = event.metadata.actor;
    return ip && userId && uuid.test(userId) ? userId : null;
  };
  const subjects = events.flatMap((event) => [subjectOf(event), ipSubject(event)]).filter((s) => s !== null);
  const found =
    subjects.length > 0 ? await keys.keys(subjects, { trx, create: true }) : new Map<string, DataKey>();
  return events.map((event) => {
    let { data, metadata } = event;
    const subject = subjectOf(event);
    if (subject) {
      const key = found.get(subject);
      if (!key)
        throw new Error(`the personal data of ${subject} was deleted: nothing can be recorded for it`);
      data = { ...data };
      for (const field of event.definition.personal!.fields) {
        const value = data[field];
        if (value !== null && value !== undefined) data[field] = sealValue(key, subject, field, value);
      }
    }
    const ipOf = ipSubject(event);
    const ipKey = ipOf ? found.get(ipOf) : null;
    if (ipOf && ipKey)
      metadata = {
        ...metadata,
        actor: { ...metadata.actor, ip: sealValue(ipKey, ipOf, 'actor.ip', metadata.actor.ip) },
      };
    return { data, metadata };
  });
}

/**
 * Events as consumers read them: every sealed top-level field of `data` opened, or `null` where the
 * person's key was destroyed (their data deleted). The sealed address in the metadata stays sealed.
 */
export async function openEvents<E extends EventEnvelope>(
  keys: PersonalDataKeys,
  events: readonly E[],
  trx?: Db,
): Promise<E[]> {
  const subjects = new Set<string>();
  for (const event of events)
    for (const value of fieldsOf(event)) if (isSealedValue(value)) subjects.add(subjectIn(value));
  if (subjects.size === 0) return [...events];
  const found = await keys.keys([...subjects], { trx });
  return events.map((event) => {
    const { data } = event;
    if (typeof data !== 'object' || data === null || !Object.values(data).some(isSealedValue)) return event;
    const opened = Object.fromEntries(
      Object.entries(data).map(([field, value]) =>
        isSealedValue(value) ? [field, openValue(found.get(subjectIn(value)), field, value)] : [field, value],
      ),
    );
    return { ...event, data: opened };
  });
}

const fieldsOf = (event: EventEnvelope) =>
  typeof event.data === 'object' && event.data !== null ? Object.values(event.data) : [];
const subjectIn = (sealed: string) => sealedValuePattern.exec(sealed)![1]!;
