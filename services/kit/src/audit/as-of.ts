import type { Db } from '../db/database.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import type { Projection } from '../projections/projection.ts';
import { type RebuildProgress, type ScratchOptions, ScratchReadModel } from '../projections/scratch.ts';

/** Reads a projection's read model (e.g. a leaderboard's ranking); as of a time it reads a rebuilt copy. */
export type AsOfReader<T = unknown> = (db: Db, query: Record<string, string>) => Promise<T>;

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

/**
 * The read model as it was at `at`: a copy is rebuilt in a scratch schema from every event that occurred
 * at or before `at` (in bounded chunks, so other requests go on meanwhile), `read` reads the copy (its
 * queries of the read model's tables go to the copy; other tables, e.g. name mirrors, are the live
 * ones), and the copy is dropped. The live read model and its live delivery are never touched.
 */
export async function projectionAsOf<T>(
  db: Db,
  projection: Projection,
  stores: readonly EventStore[],
  at: Date,
  read: (db: Db) => Promise<T>,
  options: ScratchOptions & { onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<{ value: T; applied: number; read: number }> {
  const scratch = await ScratchReadModel.create(db, projection, options);
  try {
    await scratch.build(stores, {
      include: (event) => Date.parse(event.occurredAt) <= at.getTime(),
      onProgress: options.onProgress,
    });
    // `read` counts the events at or before `at` (those the copy was built from), as before.
    return { value: await read(scratch.db), applied: scratch.applied, read: scratch.included };
  } finally {
    await scratch.drop();
  }
}
