import type { Db } from '../db/database.ts';
import { type CommitPosition, type EventStore, beginning } from '../eventstore/event-store.ts';
import type { ProjectionRunner } from './projection.ts';

export interface ReplayProgress {
  store: string;
  applied: number;
  read: number;
}

/**
 * Rebuilds a projection from the event stores in one transaction: the read model is emptied, every
 * event is applied again in commit order, and live delivery waits on the projection's lock meanwhile
 * (then skips what the replay already applied). Readers see the old read model until the commit.
 */
export async function replayProjection(
  db: Db,
  runner: ProjectionRunner,
  stores: readonly EventStore[],
  onProgress?: (progress: ReplayProgress) => void,
): Promise<{ applied: number; read: number }> {
  return db.transaction().execute(async (trx) => {
    await runner.resetIn(trx);
    let applied = 0;
    let read = 0;
    for (const store of stores) {
      let position: CommitPosition = beginning;
      for (;;) {
        const events = await store.readAll(position, 2000);
        if (events.length === 0) break;
        read += events.length;
        applied += await runner.handleBatch(events, trx);
        const last = events[events.length - 1]!;
        position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
        onProgress?.({ store: store.schema, applied, read });
      }
    }
    return { applied, read };
  });
}
