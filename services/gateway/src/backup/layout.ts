import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { keysDirectory } from '@sais/kit/keys';
import { repositoryRoot } from '../platform.ts';
import { allServices } from '../services.ts';

/** Where a platform keeps what a backup carries: the database, the data folder, the keys folder. */
export interface Layout {
  /** Real mode; absent for the embedded default (PGlite in `<dataDir>/pg`). */
  databaseUrl?: string;
  dataDir: string;
  keysDir: string;
  /** The schemas the platform owns. */
  schemas: readonly string[];
  env: NodeJS.ProcessEnv;
}

export function layoutFromEnv(env: NodeJS.ProcessEnv): Layout {
  const dataDir = env.SAIS_DATA_DIR ?? join(repositoryRoot, '.data');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    keysDir: keysDirectory({ dataDir, env }),
    // The services' schemas and the platform's key table (`keystore`: the per-person data keys, wrapped).
    schemas: [...allServices.map((service) => service.schema), 'keystore'],
    env,
  };
}

/**
 * pg_dump / pg_restore: `PG_DUMP` / `PG_RESTORE` when set, else Debian's version-15 binaries (the
 * server's major version; a newer client also works), else the ones on the PATH.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv): string {
  const fromEnv = env[name.toUpperCase()];
  if (fromEnv) return fromEnv;
  for (const version of ['17', '16', '15']) {
    const path = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (existsSync(path)) return path;
  }
  return name;
}
