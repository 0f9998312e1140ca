import { join } from 'node:path';
import { type Database, databaseConfigFromEnv, openDatabase } from '@sais/kit/db';
import { EventStore } from '@sais/kit/eventstore';
import type { Projection } from '@sais/kit/projections';
import { type StateCheck, noAuthenticator } from '@sais/kit/platform';
import { Metrics } from '@sais/kit/observability';
import { PersonalDataKeys } from '@sais/kit/personal';
import { repositoryRoot } from '../platform.ts';
import { allServices } from '../services.ts';

/**
 * Opens the platform's database for a command-line tool: DATABASE_URL, or the embedded data folder
 * (stop `npm start` first: PGlite allows one process at a time).
 */
export async function openForTool(): Promise<{
  database: Database;
  stores: Map<string, EventStore>;
  personal: PersonalDataKeys;
}> {
  const dataDir = process.env.SAIS_DATA_DIR ?? join(repositoryRoot, '.data');
  const database = await openDatabase(databaseConfigFromEnv(process.env, join(dataDir, 'pg')));
  // The same keys folder as the platform's (SAIS_KEYS_DIR, else beside the data folder).
  const personal = await PersonalDataKeys.open(database.db, { dataDir, env: process.env });
  const stores = new Map(
    allServices.map((service) => [service.name, new EventStore(database.db, service.schema, { personal })]),
  );
  return { database, stores, personal };
}

/** Every projection of every service, as the tools see them (no relay, no sign-in). */
export function projectionsForTool(
  database: Database,
  stores: ReadonlyMap<string, EventStore>,
): Projection[] {
  return allServices.flatMap(
    (service) =>
      service.projections?.({
        db: database.db,
        store: stores.get(service.name)!,
        logger: console as never,
        config: { dataDir: '', env: process.env },
        appended: () => {},
        auth: noAuthenticator,
        personal: stores.get(service.name)!.personal,
        metrics: new Metrics({ processMetrics: false }),
      }) ?? [],
  );
}

/** Every service's state checks (decision 0028), each with its service's event store. */
export function stateChecksForTool(stores: ReadonlyMap<string, EventStore>): {
  list: StateCheck[];
  storesOf: (check: StateCheck) => EventStore[];
} {
  const owner = new Map<StateCheck, EventStore>();
  for (const service of allServices)
    for (const check of service.stateChecks ?? []) owner.set(check, stores.get(service.name)!);
  return { list: [...owner.keys()], storesOf: (check) => [owner.get(check)!] };
}
