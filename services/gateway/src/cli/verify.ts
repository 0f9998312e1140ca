// `npm run events:verify [-- --checkpoints <dir>] [--key <name+id+base64>] [--witness <key>]… [--witnesses N]
// [--read-models]`: checks the
// hash chain of every stream of every service, then every service's events against its signed
// checkpoints: the platform's transparency log (SAIS_TRANSPARENCY_DIR or its default), or a mirror's copy
// (--checkpoints). `--read-models` also rebuilds every read model apart and compares it with the live one,
// and compares every state table the events describe with what they say (decision 0028).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { transparency } from '@sais/events';
import { projectionSources, verifyDerivedTables } from '@sais/kit/platform';
import { checkEventLogs, transparencyDirectory } from '@sais/kit/transparency';
import { repositoryRoot } from '../platform.ts';
import { openForTool, projectionsForTool, stateChecksForTool } from './open.ts';
import { printReadModels, printStateTables } from './read-models.ts';

const { values: args } = parseArgs({
  options: {
    checkpoints: { type: 'string' },
    key: { type: 'string', multiple: true },
    'read-models': { type: 'boolean' },
    witness: { type: 'string', multiple: true },
    witnesses: { type: 'string' },
  },
});
const keys = await Promise.all((args.key ?? []).map((key) => transparency.parseVerifierKey(key)));
// Witness keys (decision 0033): each log needs cosignatures of --witnesses N of them (default: all).
const witnesses = await Promise.all((args.witness ?? []).map((key) => transparency.parseWitnessKey(key)));
const quorum = args.witnesses === undefined ? witnesses.length : Number(args.witnesses);
if (!Number.isInteger(quorum) || quorum < 0 || quorum > witnesses.length) {
  process.stderr.write('--witnesses is a whole number, at most the number of --witness keys\n');
  process.exit(2);
}
const dataDir = process.env.SAIS_DATA_DIR ?? join(repositoryRoot, '.data');
const { database, stores, personal } = await openForTool();
let broken = false;
try {
  for (const [service, store] of stores) {
    const result = await store
      .verify()
      .catch((error: Error) => ({ ok: false as const, error: error.message }));
    if (result.ok) {
      console.log(`${service}: ok, ${result.checked} events`);
    } else if ('firstBroken' in result) {
      broken = true;
      const at = result.firstBroken;
      console.log(
        `${service}: BROKEN at stream ${at.streamId} version ${at.streamVersion} (event ${at.eventId}): ${at.reason}`,
      );
    } else {
      broken = true;
      console.log(`${service}: cannot verify: ${result.error}`);
    }
  }
  const directory = args.checkpoints ?? transparencyDirectory({ dataDir, env: process.env });
  console.log(`checkpoints: ${directory}`);
  const intervalMs = Number(process.env.SAIS_CHECKPOINT_INTERVAL_MS ?? 60_000);
  const checked = await checkEventLogs({
    db: database.db,
    stores,
    directory,
    keys,
    intervalMs,
    witnesses,
    quorum,
  });
  for (const line of checked.lines) console.log(line);
  if (!checked.ok) broken = true;
  if (args['read-models']) {
    // The same function as the console's read-model job (decision 0028).
    const checks = stateChecksForTool(stores);
    const result = await verifyDerivedTables(
      database.db,
      {
        projections: projectionsForTool(database, stores),
        sourcesOf: (projection) => projectionSources(database.db, stores, projection),
        stateChecks: checks.list,
        storesOf: checks.storesOf,
      },
      { personal },
    );
    printReadModels(result);
    printStateTables({ ok: result.ok, checks: result.stateTables });
    if (!result.ok) broken = true;
  }
} finally {
  await database.close();
}
process.exit(broken ? 1 : 0);
