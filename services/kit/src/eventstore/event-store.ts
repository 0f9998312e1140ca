// Over 300 lines: the event store is one class on purpose: append (optimistic concurrency, hash chain), commit-order reads, checkpoints and verification share its SQL.
import type { Db } from '../db/database.ts';
import { randomUUID } from 'node:crypto';
import {
  type EventEnvelope,
  type EventDefinition,
  type EventMetadata,
  findEventDefinition,
  latestEventVersion,
  parseEventData,
  transparency,
} from '@sais/events';
import { type RawBuilder, sql } from 'kysely';
import { ConcurrencyError } from '../errors.ts';
import { sha256Hex } from './canonical.ts';
import { paced } from '../db/pace.ts';
import { openEvents, sealEvents } from '../personal/codec.ts';
import type { PersonalDataKeys } from '../personal/keys.ts';

/** `no_stream`: the stream must not exist yet; a number: the stream's current version; `any`: no check. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface PendingEvent {
  type: string;
  /** The event type's newest version when not given. */
  version?: number;
  data: unknown;
}

/** A reader's place in commit order: events are totally ordered by (transactionId, globalPosition). */
export interface CommitPosition {
  transactionId: string;
  globalPosition: number;
}
export const beginning: CommitPosition = { transactionId: '0', globalPosition: 0 };

/** A row of a service's `<schema>.events` table as read (`transaction_id` as text). */
export interface EventRow {
  global_position: number;
  transaction_id: string;
  event_id: string;
  stream_type: string;
  stream_id: string;
  stream_version: number;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
  occurred_at: Date | string;
  previous_hash: string | null;
  hash: string;
}

const columns = sql`global_position, transaction_id::text as transaction_id, event_id, stream_type, stream_id,
  stream_version, type, version, data, metadata, occurred_at, previous_hash, hash`;

function toEnvelope(row: EventRow): EventEnvelope {
  return {
    id: row.event_id,
    type: row.type,
    version: row.version,
    streamType: row.stream_type,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    globalPosition: Number(row.global_position),
    transactionId: row.transaction_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    actor: row.metadata.actor,
    correlationId: row.metadata.correlationId,
    causationId: row.metadata.causationId,
    hash: row.hash,
    previousHash: row.previous_hash,
    data: row.data,
  };
}

/** The text that an event's hash covers: everything but its positions, chained to the previous hash. */
export function hashEvent(event: Omit<EventEnvelope, 'hash' | 'globalPosition' | 'transactionId'>): string {
  // The canonical text is shared with the browser (@sais/events), which recomputes hashes of proofs.
  return sha256Hex(transparency.eventCanonicalText(event));
}

/** A unique violation on the events table itself (another writer took the stream version). */
function isStreamVersionTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, table } = error as { code?: unknown; table?: unknown };
  return code === '23505' && (table === undefined || table === 'events');
}

/** A stream's last event: its version and hash (0 and null for a stream with no events). */
export interface StreamHead {
  version: number;
  hash: string | null;
}

/** One stream's part of an `appendMany`. */
export interface StreamAppend {
  streamType: string;
  streamId: string;
  expected: ExpectedVersion;
  events: readonly PendingEvent[];
  metadata: EventMetadata;
  /** The head as the caller read it (in this transaction or before): spares the store reading it. */
  head?: StreamHead;
}

export interface AppendOptions {
  /** Append inside the caller's transaction, so the service's own table writes commit with the events. */
  trx?: Db;
  now?: Date;
  /**
   * The service's own writes (insert, update or delete statements, without `returning`) sent in the same
   * statement as the events' insert, as data-modifying CTEs: one round trip for a command's table rows and
   * its events. They see the snapshot the statement started with, not each other's rows, so they suit
   * writes that do not depend on one another. A unique violation in one of them is thrown as it is.
   */
  alongside?: readonly RawBuilder<unknown>[];
}

/**
 * The append-only event store of one service schema. Appends are guarded by the expected stream
 * version; readers in commit order never skip an event of a transaction that commits late.
 */
export class EventStore {
  readonly #db: Db;
  readonly #table;
  readonly #onAppended: ((events: readonly EventEnvelope[]) => void) | undefined;
  readonly #personal: PersonalDataKeys | undefined;

  /** `onAppended` sees each insert's events once it succeeded (the platform counts them for its metrics). */
  constructor(
    db: Db,
    readonly schema: string,
    options: {
      onAppended?(events: readonly EventEnvelope[]): void;
      /** Seals personal fields on append and opens them on the reads a service’s own logic makes (0017). */
      personal?: PersonalDataKeys;
    } = {},
  ) {
    this.#db = db;
    this.#table = sql.table(`${schema}.events`);
    this.#onAppended = options.onAppended;
    this.#personal = options.personal;
  }

  /** The database the store writes to (a command handler opens its transaction here). */
  get database(): Db {
    return this.#db;
  }

  /** The personal-data keys this store seals with (consumers of its events open with the same). */
  get personal(): PersonalDataKeys | undefined {
    return this.#personal;
  }

  /** Events as the service's logic reads them: personal fields opened (null where deleted). */
  async #opened(events: EventEnvelope[], trx?: Db): Promise<EventEnvelope[]> {
    return this.#personal ? openEvents(this.#personal, events, trx) : events;
  }

  async append(
    streamType: string,
    streamId: string,
    expected: ExpectedVersion,
    events: readonly PendingEvent[],
    metadata: EventMetadata,
    options: AppendOptions & { head?: StreamHead } = {},
  ): Promise<EventEnvelope[]> {
    if (events.length === 0) return [];
    const [appended] = await this.appendMany(
      [{ streamType, streamId, expected, events, metadata, head: options.head }],
      options,
    );
    return appended!;
  }

  /**
   * Appends to several streams in one insert (one round trip instead of two per stream), each guarded by
   * its expected version: a lost race on any of them fails the whole call with a ConcurrencyError (inside
   * the caller's transaction, which then rolls back). A stream's head is read only when needed: not for
   * `no_stream`, not when the caller passes the head it read itself.
   */
  async appendMany(
    appends: readonly StreamAppend[],
    options: AppendOptions = {},
  ): Promise<EventEnvelope[][]> {
    if (appends.every((append) => append.events.length === 0)) {
      // Nothing to append: the writes meant to go alongside still run.
      for (const write of options.alongside ?? []) await write.execute(options.trx ?? this.#db);
      return appends.map(() => []);
    }
    // Without the caller's transaction no transaction of its own is needed: the events (and the writes
    // alongside) go in one statement, atomic by itself, and a head read before it is checked by that
    // insert (the stream version is unique), so begin and commit would only add two round trips.
    return this.#appendIn(options.trx ?? this.#db, appends, options);
  }

  async #heads(trx: Db, appends: readonly StreamAppend[]): Promise<Map<string, StreamHead>> {
    const heads = new Map<string, StreamHead>();
    const unknown: string[] = [];
    for (const append of appends) {
      if (append.head) heads.set(append.streamId, append.head);
      else if (append.expected === 'no_stream') heads.set(append.streamId, { version: 0, hash: null });
      else unknown.push(append.streamId);
    }
    if (unknown.length > 0) {
      const read = await sql<{ stream_id: string; stream_version: number; hash: string }>`
        select distinct on (stream_id) stream_id, stream_version, hash from ${this.#table}
        where stream_id = any(${unknown}::text[]) order by stream_id, stream_version desc`.execute(trx);
      for (const id of unknown) heads.set(id, { version: 0, hash: null });
      for (const row of read.rows) heads.set(row.stream_id, { version: row.stream_version, hash: row.hash });
    }
    return heads;
  }

  async #appendIn(
    trx: Db,
    appends: readonly StreamAppend[],
    options: AppendOptions,
  ): Promise<EventEnvelope[][]> {
    const heads = await this.#heads(trx, appends);
    const occurredAt = (options.now ?? new Date()).toISOString();
    const parsed = appends.map(({ events, metadata }) =>
      events.map((event) => {
        const version = event.version ?? latestEventVersion(event.type);
        const data = parseEventData(event.type, version, event.data) as Record<string, unknown>;
        return {
          type: event.type,
          version,
          data,
          metadata,
          definition: findEventDefinition(event.type, version)!,
        };
      }),
    );
    // What is stored (and hashed): personal fields sealed with their person's key (decision 0017).
    const stored = await this.#sealed(parsed.flat(), trx);
    let next = 0;
    const prepared = appends.map(({ streamType, streamId, expected }, streamIndex) => {
      const head = heads.get(streamId)!;
      const expectedNumber = expected === 'no_stream' ? 0 : expected;
      if (expectedNumber !== 'any' && expectedNumber !== head.version)
        throw new ConcurrencyError(streamId, expected, head.version);
      let previousHash = head.hash;
      // A stream named twice in one call continues where the first part ended.
      const stream = parsed[streamIndex]!.map((event, index) => {
        const { data, metadata } = stored[next++]!;
        const draft = {
          id: randomUUID(),
          type: event.type,
          version: event.version,
          streamType,
          streamId,
          streamVersion: head.version + index + 1,
          occurredAt,
          ...metadata,
          previousHash,
          data,
        };
        const hash = hashEvent(draft);
        previousHash = hash;
        // The caller gets its events as it wrote them, with the stored event's hash.
        return {
          stored: { ...draft, hash, metadata },
          plain: { ...draft, ...event.metadata, data: event.data, hash },
        };
      });
      if (stream.length > 0)
        heads.set(streamId, { version: head.version + stream.length, hash: previousHash });
      return stream;
    });
    const rows = prepared.flat().map((event) => event.stored);
    const values = rows.map(
      (e) => sql`(${e.id}, ${e.streamType}, ${e.streamId}, ${e.streamVersion}, ${e.type}, ${e.version},
        ${JSON.stringify(e.data)}::jsonb, ${JSON.stringify(e.metadata)}::jsonb, ${e.occurredAt}, ${e.previousHash}, ${e.hash})`,
    );
    const alongside = options.alongside ?? [];
    const ctes =
      alongside.length > 0
        ? sql`with ${sql.join(alongside.map((write, i) => sql`${sql.id(`alongside_${i}`)} as (${write})`))} `
        : sql``;
    let inserted;
    try {
      inserted = await sql<{ global_position: number; transaction_id: string }>`
        ${ctes}insert into ${this.#table} (event_id, stream_type, stream_id, stream_version, type, version, data, metadata,
          occurred_at, previous_hash, hash)
        values ${sql.join(values)}
        returning global_position, transaction_id::text as transaction_id`.execute(trx);
    } catch (error) {
      if (isStreamVersionTaken(error)) {
        // PostgreSQL names the row: "Key (stream_id, stream_version)=(<stream>, <version>) already exists."
        const detail = String((error as { detail?: unknown }).detail ?? '');
        const lost = appends.find((append) => detail.includes(`(${append.streamId}, `)) ?? appends[0]!;
        throw new ConcurrencyError(lost.streamId, lost.expected, null, error);
      }
      throw error;
    }
    let index = 0;
    const appended = prepared.map((stream) =>
      stream.map(({ plain }) => {
        const row = inserted.rows[index++]!;
        return { ...plain, globalPosition: Number(row.global_position), transactionId: row.transaction_id };
      }),
    );
    this.#onAppended?.(appended.flat());
    return appended;
  }

  async #sealed(
    events: { data: Record<string, unknown>; metadata: EventMetadata; definition: EventDefinition }[],
    trx: Db,
  ): Promise<{ data: Record<string, unknown>; metadata: EventMetadata }[]> {
    if (this.#personal) return sealEvents(this.#personal, events, trx);
    const personal = events.find((event) => event.definition.personal);
    if (personal)
      throw new Error(
        `${personal.definition.type} v${personal.definition.version} holds personal data: this event store has no personal-data keys`,
      );
    return events;
  }

  /** Several streams' events, each in order, in one read (a stream with no events maps to []). */
  async readStreams(streamIds: readonly string[], trx?: Db): Promise<Map<string, EventEnvelope[]>> {
    const streams = new Map<string, EventEnvelope[]>(streamIds.map((id) => [id, []]));
    if (streamIds.length === 0) return streams;
    const result = await sql<EventRow>`
      select ${columns} from ${this.#table}
      where stream_id = any(${[...streamIds]}::text[])
      order by stream_id, stream_version`.execute(trx ?? this.#db);
    for (const event of await this.#opened(result.rows.map(toEnvelope), trx))
      streams.get(event.streamId)?.push(event);
    return streams;
  }

  /**
   * The events, in order, of the stream a scalar subquery names (none when it names no stream): a lookup
   * and the stream it leads to in one round trip, e.g. a session's account.
   */
  async readStreamNamedBy(streamId: RawBuilder<string | null>, trx?: Db): Promise<EventEnvelope[]> {
    const result = await sql<EventRow>`
      select ${columns} from ${this.#table}
      where stream_id = (${streamId})
      order by stream_version`.execute(trx ?? this.#db);
    return this.#opened(result.rows.map(toEnvelope), trx);
  }

  /** A stream's events in order; pass the caller's transaction to see its own uncommitted appends. */
  async readStream(
    streamId: string,
    options: { fromVersion?: number; trx?: Db } = {},
  ): Promise<EventEnvelope[]> {
    const result = await sql<EventRow>`
      select ${columns} from ${this.#table}
      where stream_id = ${streamId} and stream_version >= ${options.fromVersion ?? 1}
      order by stream_version`.execute(options.trx ?? this.#db);
    return this.#opened(result.rows.map(toEnvelope), options.trx);
  }

  /**
   * Events after `after` in commit order, as stored (personal fields sealed: the relay publishes them so,
   * and consumers open them; decision 0017). Only transactions older than every running one are read
   * (`transaction_id < pg_snapshot_xmin(...)`), so a slow transaction with a smaller position that
   * commits later can never be skipped: its events are simply read on a later call.
   * The order is the xid8 column's (qualified): the bare name would be the text alias of the select list,
   * which sorts '10000' before '9999' and cannot use the commit-order index.
   * Inside a transaction pass it (`trx`): on the embedded database's single connection a read outside
   * the caller's open transaction waits for that transaction, which waits for the read.
   * `snapshot`: inside a repeatable-read transaction, every event its snapshot sees (a reader comparing the
   * snapshot's rows with its events must not skip the events of a transaction it already sees).
   */
  async readAll(
    after: CommitPosition = beginning,
    limit = 1000,
    trx?: Db,
    options: { snapshot?: boolean } = {},
  ): Promise<EventEnvelope[]> {
    const settled = options.snapshot
      ? sql`true`
      : sql`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
    const result = await sql<EventRow>`
      select ${columns} from ${this.#table}
      where (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition})
        and ${settled}
      order by ${this.#table}.transaction_id, ${this.#table}.global_position
      limit ${limit}`.execute(trx ?? this.#db);
    return result.rows.map(toEnvelope);
  }

  /** The last event a commit-order reader can see now (`beginning` when none): where a rebuild stops. */
  async lastPosition(): Promise<CommitPosition> {
    const result = await sql<{ transaction_id: string; global_position: number }>`
      select transaction_id::text as transaction_id, global_position from ${this.#table}
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by ${this.#table}.transaction_id desc, ${this.#table}.global_position desc limit 1`.execute(
      this.#db,
    );
    const row = result.rows[0];
    return row
      ? { transactionId: row.transaction_id, globalPosition: Number(row.global_position) }
      : beginning;
  }

  async readCheckpoint(name: string): Promise<CommitPosition> {
    const result = await sql<{ transaction_id: string; global_position: number }>`
      select transaction_id::text as transaction_id, global_position
      from ${sql.table(`${this.schema}.checkpoints`)} where name = ${name}`.execute(this.#db);
    const row = result.rows[0];
    return row
      ? { transactionId: row.transaction_id, globalPosition: Number(row.global_position) }
      : beginning;
  }

  async saveCheckpoint(name: string, position: CommitPosition, trx: Db = this.#db): Promise<void> {
    await sql`
      insert into ${sql.table(`${this.schema}.checkpoints`)} (name, transaction_id, global_position)
      values (${name}, ${position.transactionId}::xid8, ${position.globalPosition})
      on conflict (name) do update set transaction_id = excluded.transaction_id,
        global_position = excluded.global_position, updated_at = now()`.execute(trx);
  }

  /**
   * Walks every stream's hash chain; reports the first event whose hash or link does not hold. Pages of
   * `page` events (500), each one statement, with a turn for other work between pages (hashing is CPU work on
   * the event loop): a long check never holds the embedded database's connection or the process.
   */
  async verify(
    options: { page?: number; onProgress?: (checked: number) => void } = {},
  ): Promise<VerifyResult> {
    const size = options.page ?? 500;
    let checked = 0;
    let previous: { streamId: string; version: number; hash: string } | undefined;
    let afterStream = '';
    let afterVersion = 0;
    for (;;) {
      // A page is one statement and its hashing; the check rests as long between pages (`paced`).
      const outcome = await paced(async () => {
        const page = await sql<EventRow>`
          select ${columns} from ${this.#table}
          where (stream_id, stream_version) > (${afterStream}, ${afterVersion})
          order by stream_id, stream_version limit ${size}`.execute(this.#db);
        if (page.rows.length === 0) return { ok: true as const, checked };
        for (const row of page.rows) {
          const event = toEnvelope(row);
          const prior = previous?.streamId === event.streamId ? previous : undefined;
          const broken = (reason: string): VerifyResult => ({
            ok: false,
            checked,
            firstBroken: {
              streamId: event.streamId,
              streamVersion: event.streamVersion,
              eventId: event.id,
              reason,
            },
          });
          if (event.streamVersion !== (prior?.version ?? 0) + 1) return broken('stream version gap');
          if (event.previousHash !== (prior?.hash ?? null)) return broken('previous hash does not match');
          if (hashEvent(event) !== event.hash) return broken('event content does not match its hash');
          previous = { streamId: event.streamId, version: event.streamVersion, hash: event.hash };
          checked += 1;
        }
        const last = page.rows[page.rows.length - 1]!;
        afterStream = last.stream_id;
        afterVersion = last.stream_version;
        return null;
      });
      if (outcome) return outcome;
      options.onProgress?.(checked);
    }
  }
}

export type VerifyResult =
  | { ok: true; checked: number }
  | {
      ok: false;
      checked: number;
      firstBroken: { streamId: string; streamVersion: number; eventId: string; reason: string };
    };
