import {
  type Database,
  type EventStore,
  type Projection,
  type CommitPosition,
  EventStore as Store,
  Metrics,
  ProjectionRunner,
  beginning,
  noAuthenticator,
} from '@sais/kit';
import { allServices } from '../services.ts';
import { type Counts, type Manifest, compareCounts } from './manifest.ts';

export interface RestoreCheck {
  ok: boolean;
  /** Tables whose rows differ from the backup's. */
  countDifferences: string[];
  chains: { schema: string; events: number; broken?: string }[];
  /** Events each projection had not applied yet when the backup was taken, applied from the store now. */
  caughtUp: { projection: string; applied: number }[];
}

/** The checks a restore runs on what it restored (see restore.ts). */
export async function checkRestored(
  database: Database,
  manifest: Manifest,
  counts: Counts,
  log: (line: string) => void,
): Promise<RestoreCheck> {
  const countDifferences = compareCounts(manifest.counts, counts);
  for (const line of countDifferences) log(`  DIFFERENT ${line}`);
  const stores = new Map(
    allServices
      .filter((service) => manifest.schemas.includes(service.schema))
      .map((service) => [service.name, new Store(database.db, service.schema)]),
  );
  const chains: RestoreCheck['chains'] = [];
  for (const store of stores.values()) {
    const result = await store.verify();
    chains.push(
      result.ok
        ? { schema: store.schema, events: result.checked }
        : {
            schema: store.schema,
            events: result.checked,
            broken: `stream ${result.firstBroken.streamId} version ${result.firstBroken.streamVersion}: ${result.firstBroken.reason}`,
          },
    );
    log(`  ${store.schema}: ${result.checked} events, chains ${result.ok ? 'hold' : 'BROKEN'}`);
  }
  const caughtUp: RestoreCheck['caughtUp'] = [];
  for (const projection of projectionsOf(database, stores)) {
    const applied = await catchUp(new ProjectionRunner(projection, database.db), [...stores.values()]);
    caughtUp.push({ projection: projection.name, applied });
    if (applied > 0) log(`  ${projection.name}: applied ${applied} events it had not yet applied`);
  }
  return {
    ok: countDifferences.length === 0 && chains.every((chain) => !chain.broken),
    countDifferences,
    chains,
    caughtUp,
  };
}

/** Every projection of the platform's services, on the given database (no routes, no workers). */
export function projectionsOf(database: Database, stores: ReadonlyMap<string, EventStore>): Projection[] {
  return allServices.flatMap((service) => {
    const store = stores.get(service.name);
    if (!store) return [];
    return (
      service.projections?.({
        db: database.db,
        store,
        logger: console as never,
        config: { dataDir: '', env: process.env },
        appended: () => {},
        auth: noAuthenticator,
        metrics: new Metrics({ processMetrics: false }),
      }) ?? []
    );
  });
}

/**
 * Applies, in commit order, every event a projection has not applied yet (each stream's applied version
 * is kept with the read model, so what it holds is skipped), in batches, each in its own transaction.
 */
async function catchUp(runner: ProjectionRunner, stores: readonly EventStore[]): Promise<number> {
  let applied = 0;
  for (const store of stores) {
    let position: CommitPosition = beginning;
    for (;;) {
      const events = await store.readAll(position, 2000);
      if (events.length === 0) break;
      applied += await runner.handleBatch(events);
      const last = events[events.length - 1]!;
      position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
  }
  return applied;
}
