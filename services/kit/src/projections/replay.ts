import type { Db } from '../db/database.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import { type Projection, ProjectionRunner, lockProjection } from './projection.ts';
import { type RebuildProgress, type ScratchOptions, ScratchReadModel } from './scratch.ts';

export type ReplayProgress = RebuildProgress;

/**
 * Rebuilds a projection from the event stores without holding anyone up: the read model is rebuilt in a
 * scratch schema in bounded chunks (short transactions; other requests and live delivery go on), then
 * one short transaction holds the projection's lock, applies what was appended meanwhile to the copy and
 * swaps the copy in. Readers see the old read model until that commit, the rebuilt one after it; live
 * delivery waits on the lock during the swap and then skips what the replay already applied.
 */
export async function replayProjection(
  db: Db,
  /** The projection (or a runner of it, as callers before the scratch rebuild passed). */
  target: Projection | ProjectionRunner,
  stores: readonly EventStore[],
  onProgress?: (progress: ReplayProgress) => void,
  options: ScratchOptions = {},
): Promise<{ applied: number; read: number }> {
  const projection = target instanceof ProjectionRunner ? target.projection : target;
  const personal = options.personal ?? (target instanceof ProjectionRunner ? target.personal : undefined);
  const scratch = await ScratchReadModel.create(db, projection, { ...options, personal });
  try {
    await scratch.build(stores, { onProgress });
    // Once more for what was appended meanwhile, so that the locked catch-up below has little left.
    await scratch.build(stores, { onProgress });
    await db.transaction().execute(async (trx) => {
      await lockProjection(trx, projection);
      await scratch.catchUp(trx, stores);
      await scratch.swapInto(trx);
    });
    return { applied: scratch.applied, read: scratch.read };
  } finally {
    await scratch.drop();
  }
}
