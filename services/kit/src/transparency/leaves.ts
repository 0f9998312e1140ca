/**
 * Leaf numbers in the database: `<schema>.transparency_leaves` gives each event, once and in commit
 * order, its index in the log's Merkle tree. The checkpointer fills it; nothing renumbers. It answers
 * "which leaf is this event" for proofs; the verifier never trusts it (it recomputes commit order).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CommitPosition } from '../eventstore/event-store.ts';

export { transparencyMigrations } from '../eventstore/leaf-migrations.ts';

export interface NumberedLeaf {
  leafIndex: number;
  /** The event's chain hash as stored (hex). */
  hash: string;
  type: string;
  position: CommitPosition;
}

export class LeafNumbers {
  readonly #events;
  readonly #leaves;
  readonly #checkpoints;
  /** The name of the checkpointer's place in commit order in `<schema>.checkpoints`. */
  static readonly reader = 'transparency';

  constructor(readonly schema: string) {
    this.#events = sql.table(`${schema}.events`);
    this.#leaves = sql.table(`${schema}.transparency_leaves`);
    this.#checkpoints = sql.table(`${schema}.checkpoints`);
  }

  /** How many leaves are numbered, and the commit position of the last one. */
  async state(db: Db): Promise<{ count: number; position: CommitPosition }> {
    const result = await sql<{
      count: number | null;
      transaction_id: string | null;
      global_position: number | null;
    }>`
      select (select max(leaf_index) + 1 from ${this.#leaves}) as count,
        c.transaction_id::text as transaction_id, c.global_position
      from (select 1) one left join ${this.#checkpoints} c on c.name = ${LeafNumbers.reader}`.execute(db);
    const row = result.rows[0]!;
    return {
      count: Number(row.count ?? 0),
      position: {
        transactionId: row.transaction_id ?? '0',
        globalPosition: Number(row.global_position ?? 0),
      },
    };
  }

  /**
   * Numbers the next events in commit order (only transactions older than every running one, as every
   * commit-order reader does) and moves the checkpointer's place. An event already numbered is never
   * numbered again, even when the place moved back (a restore into another server re-reads from just
   * before the first event it had not numbered: services/gateway/src/backup/restore.ts). The read holds no transaction id; the
   * numbers and the place are written in one statement, so the transaction that commit-order readers
   * (relays, replays) wait for lasts only as long as that insert.
   */
  async assign(
    db: Db,
    from: { count: number; position: CommitPosition },
    limit: number,
  ): Promise<NumberedLeaf[]> {
    const result = await sql<{ hash: string; type: string; transaction_id: string; global_position: number }>`
      select hash, type, transaction_id::text as transaction_id, global_position from ${this.#events}
      where (transaction_id, global_position) > (${from.position.transactionId}::xid8, ${from.position.globalPosition})
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        and not exists (select 1 from ${this.#leaves} l where l.global_position = ${this.#events}.global_position)
      order by ${this.#events}.transaction_id, ${this.#events}.global_position
      limit ${limit}`.execute(db);
    const leaves = result.rows.map((row, i) => ({
      leafIndex: from.count + i,
      hash: row.hash,
      type: row.type,
      position: { transactionId: row.transaction_id, globalPosition: Number(row.global_position) },
    }));
    const last = leaves.at(-1);
    if (!last) return [];
    await sql`
      with numbered as (
        insert into ${this.#leaves} (leaf_index, global_position)
        select * from unnest(${leaves.map((leaf) => leaf.leafIndex)}::bigint[],
          ${leaves.map((leaf) => leaf.position.globalPosition)}::bigint[])
      )
      insert into ${this.#checkpoints} (name, transaction_id, global_position)
      values (${LeafNumbers.reader}, ${last.position.transactionId}::xid8, ${last.position.globalPosition})
      on conflict (name) do update set transaction_id = excluded.transaction_id,
        global_position = excluded.global_position, updated_at = now()`.execute(db);
    return leaves;
  }

  /** The stored hashes of numbered leaves from `start` (to rebuild tree files the database is ahead of). */
  async hashes(db: Db, start: number, limit: number): Promise<{ leafIndex: number; hash: string | null }[]> {
    const result = await sql<{ leaf_index: number; hash: string | null }>`
      select l.leaf_index, e.hash from ${this.#leaves} l left join ${this.#events} e using (global_position)
      where l.leaf_index >= ${start} order by l.leaf_index limit ${limit}`.execute(db);
    return result.rows.map((row) => ({ leafIndex: Number(row.leaf_index), hash: row.hash }));
  }

  /** An event's leaf number (null until numbered) and stored hash; null when there is no such event. */
  async leafOf(db: Db, eventId: string): Promise<{ leafIndex: number | null; hash: string } | null> {
    const result = await sql<{ leaf_index: number | null; hash: string }>`
      select l.leaf_index, e.hash from ${this.#events} e
      left join ${this.#leaves} l on l.global_position = e.global_position
      where e.event_id = ${eventId}`.execute(db);
    const row = result.rows[0];
    return row
      ? { leafIndex: row.leaf_index === null ? null : Number(row.leaf_index), hash: row.hash }
      : null;
  }
}
