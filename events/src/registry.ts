import { z } from 'zod';
import type { EventDefinition } from './define.ts';
import { EventEnvelope } from './envelope.ts';
import * as competition from './competition/index.ts';
import * as identity from './identity/index.ts';
import * as scoring from './scoring/index.ts';
import * as team from './team/index.ts';

function isDefinition(value: unknown): value is EventDefinition {
  return (
    typeof value === 'object' && value !== null && 'type' in value && 'data' in value && 'aggregate' in value
  );
}

/** Every event definition of the platform, keyed by `type@version`. */
export const eventDefinitions: ReadonlyMap<string, EventDefinition> = new Map(
  [
    ...Object.values<unknown>(identity),
    ...Object.values<unknown>(competition),
    ...Object.values<unknown>(team),
    ...Object.values<unknown>(scoring),
  ].flatMap((value): [string, EventDefinition][] =>
    isDefinition(value) ? [[`${value.type}@${value.version}`, value]] : [],
  ),
);

export function findEventDefinition(type: string, version: number): EventDefinition | undefined {
  return eventDefinitions.get(`${type}@${version}`);
}

const latestVersions = new Map<string, number>();
for (const definition of eventDefinitions.values())
  latestVersions.set(definition.type, Math.max(latestVersions.get(definition.type) ?? 0, definition.version));

/** The newest version of an event type: what a producer writes when it names none. */
export function latestEventVersion(type: string): number {
  return latestVersions.get(type) ?? 1;
}

/** Thrown when an event does not match its schema; the message names every failing field. */
export class EventValidationError extends Error {
  readonly code = 'EVENT_INVALID';
  constructor(
    readonly eventType: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(`${eventType}: ${issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ')}`);
    this.name = 'EventValidationError';
  }
}

function toIssues(error: z.ZodError, prefix: string) {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

/** Validates the payload of a new event against its registered schema and returns the parsed data. */
export function parseEventData(type: string, version: number, data: unknown): unknown {
  const definition = findEventDefinition(type, version);
  if (!definition)
    throw new EventValidationError(type, [
      { path: 'type', message: `unknown event type ${type} v${version}` },
    ]);
  const result = definition.data.safeParse(data);
  if (!result.success) throw new EventValidationError(type, toIssues(result.error, 'data'));
  return result.data;
}

/** Validates a whole envelope (on produce and on consume) including its payload. */
export function parseEvent(raw: unknown): EventEnvelope {
  const envelope = EventEnvelope.safeParse(raw);
  if (!envelope.success) {
    const type = typeof raw === 'object' && raw && 'type' in raw ? String(raw.type) : 'event';
    throw new EventValidationError(type, toIssues(envelope.error, ''));
  }
  const definition = findEventDefinition(envelope.data.type, envelope.data.version);
  if (definition && definition.aggregate !== envelope.data.streamType) {
    throw new EventValidationError(envelope.data.type, [
      { path: 'streamType', message: `expected ${definition.aggregate}, got ${envelope.data.streamType}` },
    ]);
  }
  return {
    ...envelope.data,
    data: parseEventData(envelope.data.type, envelope.data.version, envelope.data.data),
  };
}
