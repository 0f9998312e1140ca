import { z } from 'zod';

/** A domain event type: its name, version, one-line meaning, aggregate (= Kafka topic) and payload schema. */
export interface EventDefinition<TType extends string = string, TSchema extends z.ZodType = z.ZodType> {
  readonly type: TType;
  readonly version: number;
  readonly meaning: string;
  /** Aggregate type, e.g. `identity.account`: names the stream family and the Kafka topic. */
  readonly aggregate: string;
  readonly data: TSchema;
}

export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  definition: EventDefinition<TType, TSchema>,
): EventDefinition<TType, TSchema> {
  return Object.freeze(definition);
}

/** The event as a service produces it, before the store gives it a position. */
export type NewEvent<D extends EventDefinition> = {
  type: D['type'];
  version?: number;
  data: z.infer<D['data']>;
};

export function eventOf<D extends EventDefinition>(definition: D, data: z.infer<D['data']>): NewEvent<D> {
  return { type: definition.type, version: definition.version, data };
}
