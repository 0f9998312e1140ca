import type { Database } from '@sais/kit/db';
import { type CommitPosition, type EventStore, EventStore as Store, beginning } from '@sais/kit/eventstore';
import { ProjectionRunner } from '@sais/kit/projections';
import { projectionSources, verifyReadModels } from '@sais/kit/platform';
import { PersonalDataKeys } from '@sais/kit/personal';
import { projectionsForTool } from '../cli/open.ts';
import { allServices } from '../services.ts';
import type { Layout } from './layout.ts';
import { type Counts, type Manifest, compareCounts } from './manifest.ts';

export interface RestoreCheck {
  ok: boolean;
  /** Tables whose rows differ from the backup's. */
  countDifferences: string[];
  chains: { schema: string; events: number; broken?: string }[];
  /** Events each projection had not applied yet when the backup was taken, applied from the store now. */
  caughtUp: { projection: string; applied: number }[];
  /** Read models whose rows differ from the same read models rebuilt from the events, with the rows. */
  readModelDifferences: string[];
}

/** The checks a restore runs on what it restored (see restore.ts). */
export async function checkRestored(
  database: Database,
  layout: Layout,
  manifest: Manifest,
  counts: Counts,
  log: (line: string) => void,
): Promise<RestoreCheck> {
  const countDifferences = compareCounts(manifest.counts, counts);
  for (const line of countDifferences) log(`  DIFFERENT ${line}`);
  const personal = await PersonalDataKeys.open(database.db, {
    dataDir: layout.dataDir,
    keysDir: layout.keysDir,
    env: layout.env,
  });
  const stores = new Map(
    allServices.map((service) => [service.name, new Store(database.db, service.schema, { personal })]),
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
  const projections = projectionsForTool(database, stores);
  const caughtUp: RestoreCheck['caughtUp'] = [];
  for (const projection of projections) {
    const runner = new ProjectionRunner(projection, database.db, undefined, { personal });
    const applied = await catchUp(runner, [...stores.values()]);
    caughtUp.push({ projection: projection.name, applied });
    if (applied > 0) log(`  ${projection.name}: applied ${applied} events it had not yet applied`);
  }
  const rebuilt = await verifyReadModels(
    database.db,
    projections,
    (projection) => projectionSources(database.db, stores, projection),
    { personal },
  );
  const readModelDifferences = rebuilt.projections
    .filter((report) => !report.ok)
    .map((report) => `${report.projection}: ${JSON.stringify(report.differences.slice(0, 5))}`);
  for (const line of readModelDifferences) log(`  READ MODEL DIFFERS ${line}`);
  log(
    `  read models: ${rebuilt.projections.length} rebuilt from the events, ${rebuilt.ok ? 'equal' : 'DIFFERENT'}`,
  );
  return {
    ok:
      countDifferences.length === 0 &&
      chains.every((chain) => !chain.broken) &&
      readModelDifferences.length === 0,
    countDifferences,
    chains,
    caughtUp,
    readModelDifferences,
  };
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
