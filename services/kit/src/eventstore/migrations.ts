import { type Migration, sql } from 'kysely';
import { transparencyMigrations } from './leaf-migrations.ts';

/**
 * The event store of one service schema: the append-only event table (also the relay's outbox),
 * checkpoints of commit-order readers, per-stream positions of projections, and the events' leaf numbers
 * in the transparency log (transparency/leaves.ts).
 */
export function eventStoreMigrations(schema: string): Record<string, Migration> {
  const s = sql.id(schema);
  return {
    '0000-00-event-store': {
      async up(db) {
        await sql`
          create table ${s}.events (
            global_position bigint generated always as identity primary key,
            transaction_id xid8 not null default pg_current_xact_id(),
            event_id uuid not null unique,
            stream_type text not null,
            stream_id text not null,
            stream_version integer not null check (stream_version > 0),
            type text not null,
            version integer not null,
            data jsonb not null,
            metadata jsonb not null,
            occurred_at timestamptz not null,
            previous_hash text,
            hash text not null,
            unique (stream_id, stream_version)
          )`.execute(db);
        await sql`create index events_commit_order on ${s}.events (transaction_id, global_position)`.execute(
          db,
        );
        await sql`create index events_type on ${s}.events (type, occurred_at)`.execute(db);
        // Events are facts: the table refuses changes. The hash chain shows it if someone goes around this.
        await sql`
          create function ${s}.events_are_append_only() returns trigger language plpgsql as $$
          begin raise exception 'events are append-only'; end $$`.execute(db);
        await sql`
          create trigger events_append_only before update or delete on ${s}.events
          for each row execute function ${s}.events_are_append_only()`.execute(db);
        await sql`
          create table ${s}.checkpoints (
            name text primary key,
            transaction_id xid8 not null,
            global_position bigint not null,
            updated_at timestamptz not null default now()
          )`.execute(db);
        await sql`
          create table ${s}.projection_streams (
            projection text not null,
            stream_id text not null,
            stream_version integer not null,
            primary key (projection, stream_id)
          )`.execute(db);
      },
    },
    ...transparencyMigrations(schema),
  };
}
