// `npm run events:verify`: checks the hash chain of every stream of every service.
// `-- --read-models` also rebuilds every read model apart and compares it with the live one.
import { projectionSources, verifyReadModels } from '@sais/kit';
import { openForTool, projectionsForTool } from './open.ts';
import { printReadModels } from './read-models.ts';

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
  if (process.argv.includes('--read-models')) {
    const result = await verifyReadModels(
      database.db,
      projectionsForTool(database, stores),
      (projection) => projectionSources(database.db, stores, projection),
      { personal },
    );
    printReadModels(result);
    if (!result.ok) broken = true;
  }
} finally {
  await database.close();
}
process.exit(broken ? 1 : 0);
