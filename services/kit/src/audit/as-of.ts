import type { Db } from '../db/database.ts';
import { type CommitPosition, type EventStore, beginning } from '../eventstore/event-store.ts';
import { ProjectionRunner, type Projection } from '../projections/projection.ts';

/** Reads a projection's read model inside the as-of transaction (e.g. a leaderboard's ranking). */
export type AsOfReader<T = unknown> = (trx: Db, query: Record<string, string>) => Promise<T>;

/** A projection that can be viewed "as of" a past time: it knows how to read its own read model. */
export interface AsOfReadable {
  readonly readAsOf: AsOfReader;
}

/** Gives a projection its as-of reader (`GET /api/admin/audit/<service>/asof?projection=&at=`). */
export function withAsOfReader<P extends Projection>(projection: P, readAsOf: AsOfReader): P & AsOfReadable {
  return Object.assign(projection, { readAsOf });
}

export function asOfReaderOf(projection: Projection): AsOfReader | undefined {
  const reader = (projection as Partial<AsOfReadable>).readAsOf;
  return typeof reader === 'function' ? reader : undefined;
}

class RollBack<T> {
  constructor(readonly result: T) {}
}

/**
 * The read model as it was at `at`: inside one transaction the projection is emptied, every event that
 * occurred at or before `at` is applied again in commit order, `read` reads the result, and the
 * transaction is rolled back. Nothing is ever committed, other readers keep seeing the current read
 * model (MVCC), and live delivery of the projection waits on its lock meanwhile, as during a replay.
 */
export async function projectionAsOf<T>(
  db: Db,
  projection: Projection,
  stores: readonly EventStore[],
  at: Date,
  read: (trx: Db) => Promise<T>,
): Promise<{ value: T; applied: number; read: number }> {
  const runner = new ProjectionRunner(projection, db);
  try {
    await db.transaction().execute(async (trx) => {
      await runner.resetIn(trx);
      let applied = 0;
      let seen = 0;
      for (const store of stores) {
        let position: CommitPosition = beginning;
        for (;;) {
          const events = await store.readAll(position, 2000);
          if (events.length === 0) break;
          const until = events.filter((event) => Date.parse(event.occurredAt) <= at.getTime());
          seen += until.length;
          applied += await runner.handleBatch(until, trx);
          const last = events[events.length - 1]!;
          position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
        }
      }
      throw new RollBack({ value: await read(trx), applied, read: seen });
    });
  } catch (error) {
    if (error instanceof RollBack) return error.result as { value: T; applied: number; read: number };
    throw error;
  }
  throw new Error('unreachable: the as-of transaction always rolls back');
}
