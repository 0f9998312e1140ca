import { join } from 'node:path';
import { type Database, EventStore, databaseConfigFromEnv, openDatabase } from '@sais/kit';
import { repositoryRoot } from '../platform.ts';
import { allServices } from '../services.ts';

/**
 * Opens the platform's database for a command-line tool: DATABASE_URL, or the embedded data folder
 * (stop `npm start` first: PGlite allows one process at a time).
 */
export async function openForTool(): Promise<{ database: Database; stores: Map<string, EventStore> }> {
  const dataDir = process.env.SAIS_DATA_DIR ?? join(repositoryRoot, '.data');
  const database = await openDatabase(databaseConfigFromEnv(process.env, join(dataDir, 'pg')));
  const stores = new Map(
    allServices.map((service) => [service.name, new EventStore(database.db, service.schema)]),
  );
  return { database, stores };
}
