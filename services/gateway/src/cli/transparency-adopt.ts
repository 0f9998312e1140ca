// `npm run transparency:adopt -- --reason "<why>" [--new-key] [--old-key <file>] [--log <name>]…`
// The explicit, recorded operator's act that lets the platform sign again where it refuses to start
// (decision 0033): a new transparency log over an event store that holds a history (the log was lost),
// a key change over checkpoints another key signed (a rotation: pass the old key with --old-key so it
// endorses the new one), or a new key where the key was lost (--new-key). For each log that needs it, it
// appends a signed adoption record to `<transparency>/<log>/adoptions`; `npm run events:verify` prints
// every adoption, and the platform logs it when it starts. Stop the platform first (embedded default).
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { keysDirectory } from '@sais/kit/keys';
import {
  type CheckpointSigner,
  MissingSigningKey,
  adoptionNeeded,
  appendAdoption,
  describeAdoption,
  graceOf,
  loadCheckpointSigner,
  readLogState,
  signerFromFile,
  signerName,
  signingKeyFile,
  transparencyDirectory,
  trustedKeys,
} from '@sais/kit/transparency';
import { repositoryRoot } from '../platform.ts';
import { allServices } from '../services.ts';
import { openForTool } from './open.ts';

const { values: args } = parseArgs({
  options: {
    reason: { type: 'string' },
    'new-key': { type: 'boolean' },
    'old-key': { type: 'string' },
    log: { type: 'string', multiple: true },
  },
});
const config = { dataDir: process.env.SAIS_DATA_DIR ?? join(repositoryRoot, '.data'), env: process.env };
if (!args.reason?.trim()) {
  process.stderr.write(
    'usage: npm run transparency:adopt -- --reason "<why>" [--new-key] [--old-key <old key file>] [--log <name>]\n',
  );
  process.exit(2);
}

async function signerToUse(): Promise<CheckpointSigner> {
  const existing = await loadCheckpointSigner(config, { create: false }).catch((error: unknown) => {
    if (error instanceof MissingSigningKey && args['new-key']) return null;
    throw error;
  });
  if (existing && args['new-key'])
    throw new Error(
      `A signing key exists (${config.env.SAIS_TRANSPARENCY_KEY ? 'SAIS_TRANSPARENCY_KEY' : join(keysDirectory(config), signingKeyFile)}): ` +
        '--new-key is for a lost key. To rotate, move it aside, install the new one and pass the old one as --old-key.',
    );
  return existing ?? loadCheckpointSigner(config, { create: true });
}

let failed = false;
const { database } = await openForTool();
try {
  const directory = transparencyDirectory(config);
  const signer = await signerToUse();
  const old = args['old-key'] ? await signerFromFile(args['old-key'], config) : undefined;
  const trusted = [...(await trustedKeys(directory)), signer.key, ...(old ? [old.key] : [])];
  const grace = graceOf(Number(config.env.SAIS_CHECKPOINT_INTERVAL_MS ?? 60_000));
  const chosen = allServices.filter((service) => !args.log || args.log.includes(service.name));
  for (const service of chosen) {
    const state = await readLogState({
      log: service.name,
      origin: `${signerName(config)}/${service.name}`,
      directory,
      schema: service.schema,
      db: database.db,
      trusted,
    });
    if (!adoptionNeeded(state, signer.key, grace)) {
      console.log(`${service.name}: nothing to adopt (signed with this key, or a new log)`);
      continue;
    }
    await mkdir(state.logDir, { recursive: true, mode: 0o755 });
    const count = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(`${service.schema}.events`)}`.execute(database.db);
    const adoption = await appendAdoption({
      state,
      signer,
      previousSigner: old,
      events: count.rows[0]!.n,
      reason: args.reason,
    });
    console.log(describeAdoption(service.name, adoption));
  }
  console.error(`signing key: ${signer.key.text}\ntransparency logs: ${directory}`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
