import type { EventMetadata } from '@sais/events';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { EventRow } from '../eventstore/event-store.ts';

/** One event as auditors see it (the `events` resource of the console). */
export interface AuditEventRecord {
  /** The event id. */
  id: string;
  /** Global position in the service's event table. */
  position: number;
  stream: { type: string; id: string };
  /** The event's version within its stream (1, 2, ...). */
  version: number;
  /** Version of the event type's payload schema. */
  schemaVersion: number;
  type: string;
  occurredAt: string;
  actor: EventMetadata['actor'];
  correlation: { correlationId: string; causationId: string | null };
  data: unknown;
  hash: string;
  previousHash: string | null;
}

export interface AuditEventFilter {
  /** Look-up by event ids (react-admin's getMany). */
  ids?: readonly string[];
  streamId?: string;
  type?: string;
  actorId?: string;
  /** Only events a staff member caused (actor role reviewer, operator, auditor or admin): the staff activity page. */
  staff?: boolean;
  /** Text in the event's data (case-insensitive): the auditors' stream search by name, email or id. */
  q?: string;
  /** occurredAt ≥ from (inclusive). */
  from?: Date;
  /** occurredAt ≤ to (inclusive). */
  to?: Date;
}

export const auditSortFields = {
  position: 'global_position',
  occurredAt: 'occurred_at',
  type: 'type',
  'stream.id': 'stream_id',
  'stream.type': 'stream_type',
  version: 'stream_version',
} as const;
export type AuditSortField = keyof typeof auditSortFields;

export interface AuditListQuery {
  filter: AuditEventFilter;
  sort: { field: AuditSortField; order: 'ASC' | 'DESC' };
  from: number;
  to: number;
}

/**
 * Field names that would hold a secret. Events are designed without secrets (password hashes, codes,
 * session tokens live in tables); this is a second line: such a field never leaves through the audit API.
 */
const secretKey = /^(password|passwordHash|secret|token|sessionToken|code|photoKey)$/i;

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      secretKey.test(key) ? '[redacted]' : redactSecrets(inner),
    ]),
  );
}

/** The columns read (`columns`): all but the transaction id. */
type Row = Omit<EventRow, 'transaction_id'>;

function toRecord(row: Row): AuditEventRecord {
  return {
    id: row.event_id,
    position: Number(row.global_position),
    stream: { type: row.stream_type, id: row.stream_id },
    version: row.stream_version,
    schemaVersion: row.version,
    type: row.type,
    occurredAt: new Date(row.occurred_at).toISOString(),
    actor: row.metadata.actor,
    correlation: {
      correlationId: row.metadata.correlationId,
      causationId: row.metadata.causationId ?? null,
    },
    data: redactSecrets(row.data),
    hash: row.hash,
    previousHash: row.previous_hash,
  };
}

const columns = sql`global_position, event_id, stream_type, stream_id, stream_version, type, version, data,
  metadata, occurred_at, previous_hash, hash`;

/**
 * Read-only access to one service's event table for auditors. It reads `<schema>.events` and nothing
 * else of the schema: the service's other tables (credentials, sessions, photos) stay out of reach.
 */
export class AuditEventLog {
  readonly #db: Db;
  readonly #table;

  constructor(db: Db, schema: string) {
    this.#db = db;
    this.#table = sql.table(`${schema}.events`);
  }

  #where(filter: AuditEventFilter): RawBuilder<unknown> {
    const conditions: RawBuilder<unknown>[] = [sql`true`];
    if (filter.ids) conditions.push(sql`event_id::text = any(${[...filter.ids]})`);
    if (filter.streamId !== undefined) conditions.push(sql`stream_id = ${filter.streamId}`);
    if (filter.type !== undefined) conditions.push(sql`type = ${filter.type}`);
    if (filter.actorId !== undefined) conditions.push(sql`metadata->'actor'->>'userId' = ${filter.actorId}`);
    if (filter.staff)
      conditions.push(sql`metadata->'actor'->>'role' in ('reviewer', 'operator', 'auditor', 'admin')`);
    if (filter.q) {
      const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql`lower(data::text) like ${pattern}`);
    }
    if (filter.from) conditions.push(sql`occurred_at >= ${filter.from.toISOString()}`);
    if (filter.to) conditions.push(sql`occurred_at <= ${filter.to.toISOString()}`);
    return sql.join(conditions, sql` and `);
  }

  async list(query: AuditListQuery): Promise<{ total: number; records: AuditEventRecord[] }> {
    const where = this.#where(query.filter);
    const counted = await sql<{ total: number }>`
      select count(*)::int as total from ${this.#table} where ${where}`.execute(this.#db);
    const column = sql.ref(auditSortFields[query.sort.field]);
    const order = query.sort.order === 'ASC' ? sql`asc` : sql`desc`;
    const rows = await sql<Row>`
      select ${columns} from ${this.#table} where ${where}
      order by ${column} ${order}, global_position ${order}
      offset ${query.from} limit ${query.to - query.from + 1}`.execute(this.#db);
    return { total: counted.rows[0]?.total ?? 0, records: rows.rows.map(toRecord) };
  }

  async one(eventId: string): Promise<AuditEventRecord | undefined> {
    const rows = await sql<Row>`
      select ${columns} from ${this.#table} where event_id::text = ${eventId}`.execute(this.#db);
    return rows.rows[0] && toRecord(rows.rows[0]);
  }

  /** A stream's full history, oldest first. */
  async stream(streamId: string): Promise<AuditEventRecord[]> {
    const rows = await sql<Row>`
      select ${columns} from ${this.#table} where stream_id = ${streamId}
      order by stream_version`.execute(this.#db);
    return rows.rows.map(toRecord);
  }

  async count(): Promise<number> {
    const counted = await sql<{ total: number }>`select count(*)::int as total from ${this.#table}`.execute(
      this.#db,
    );
    return counted.rows[0]?.total ?? 0;
  }
}
