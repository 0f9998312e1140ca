import type { EventDefinition, EventEnvelope } from '@sais/events';
import type { z } from 'zod';

type WithNullable<T, K extends PropertyKey> = { [P in keyof T]: P extends K ? T[P] | null : T[P] };

/**
 * The payload of an event as consumers read it: the schema's type, and for an event with personal
 * fields its `plain` type with those fields opened, or `null` once the person's data is deleted
 * (decision 0017). Every stored version of a type reads the same to consumers
 * (`events/test/versions.unit.test.ts`), so a guard matches on the type name alone.
 */
export type PayloadOf<D extends EventDefinition> = D extends {
  plain: infer P extends z.ZodType;
  personal: { fields: readonly (infer F)[] };
}
  ? WithNullable<z.infer<P>, F & PropertyKey>
  : z.infer<D['data']>;

/** A stored event of one definition (or of any of several): its type name and its typed payload. */
export type EventOf<D extends EventDefinition> = D extends EventDefinition
  ? Omit<EventEnvelope, 'type' | 'data'> & { type: D['type']; data: PayloadOf<D> }
  : never;

/**
 * The payload a producer writes for one definition (its schema's type): what a decider puts in the
 * events it decides. Consumers read `PayloadOf` (personal fields may be null once deleted).
 */
export type EventData<D extends { data: z.ZodType }> = z.infer<D['data']>;

/**
 * An event as a decider decides and folds it, without its envelope: the definition's type name and its
 * payload. A stream's events are a union of these (`DomainEvent<typeof team.TeamCreated> | …`).
 */
export type DomainEvent<D extends { type: string; data: z.ZodType }> = {
  type: D['type'];
  data: EventData<D>;
};

type Definitions = EventDefinition | readonly EventDefinition[];
type Each<T extends Definitions> = T extends readonly (infer D extends EventDefinition)[]
  ? D
  : T & EventDefinition;

const matches = (definitions: Definitions, type: string) =>
  Array.isArray(definitions)
    ? (definitions as readonly EventDefinition[]).some((definition) => definition.type === type)
    : (definitions as EventDefinition).type === type;

/**
 * Whether a stored event is of this definition (or of one of these): narrows its `type` and `data`
 * to the schema's type, instead of casting `event.data`. It reads the type name only; the payload
 * was validated when the event was appended and again when it was consumed.
 *
 *     if (isEvent(identity.AccountDeleted, event)) forget(event.data.accountId);
 */
export function isEvent<T extends Definitions, E extends EventEnvelope>(
  definitions: T,
  event: E,
): event is E & EventOf<Each<T>> {
  return matches(definitions, event.type);
}

/**
 * The typed payload of an event known to be of this definition (or of one of these), e.g. in the
 * `case` of a switch on `event.type`; throws when it is not, rather than reading the wrong shape.
 */
export function dataOf<T extends Definitions>(definitions: T, event: EventEnvelope): PayloadOf<Each<T>> {
  if (!matches(definitions, event.type)) {
    const expected = (Array.isArray(definitions) ? definitions : [definitions]) as readonly EventDefinition[];
    throw new Error(`expected ${expected.map((d) => d.type).join(' or ')}, got ${event.type}`);
  }
  // The one place a payload is cast: checked by type name above, validated by its schema on append.
  const payload: unknown = event.data;
  return payload as PayloadOf<Each<T>>;
}
