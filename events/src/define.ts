import { z } from 'zod';
import type { PersonalFields } from './personal.ts';

/** A domain event type: its name, version, one-line meaning, aggregate (= Kafka topic) and payload schema. */
export interface EventDefinition<TType extends string = string, TSchema extends z.ZodType = z.ZodType> {
  readonly type: TType;
  readonly version: number;
  readonly meaning: string;
  /** Aggregate type, e.g. `identity.account`: names the stream family and the Kafka topic. */
  readonly aggregate: string;
  readonly data: TSchema;
  /**
   * Personal fields (names, contacts, profile): stored sealed with the person's key (decision 0017).
   * `data` accepts them plain or sealed; `plain` is the schema as producers and consumers see it.
   */
  readonly personal?: PersonalFields;
  readonly plain?: z.ZodType;
}

export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  definition: EventDefinition<TType, TSchema>,
): EventDefinition<TType, TSchema> {
  return Object.freeze(definition);
}

/**
 * An event with personal fields (decision 0017): `data` accepts them sealed (as stored), `plain` is the
 * payload as producers write it and consumers read it once the event store has opened it.
 */
export function definePersonalEvent<
  TType extends string,
  TSchema extends z.ZodType,
  TPlain extends z.ZodType,
  const TFields extends readonly string[],
>(
  definition: EventDefinition<TType, TSchema> & {
    personal: PersonalFields & { fields: TFields };
    plain: TPlain;
  },
): EventDefinition<TType, TSchema> & { personal: PersonalFields & { fields: TFields }; plain: TPlain } {
  return Object.freeze(definition);
}
