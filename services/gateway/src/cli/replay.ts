// `npm run replay -- <projection>`: rebuilds one read model from the event stores.
import { replayProjection } from '@sais/kit/projections';
import { projectionSources } from '@sais/kit/platform';
import { openForTool, projectionsForTool } from './open.ts';

const name = process.argv[2];
const { database, stores, personal } = await openForTool();
try {
  const projections = projectionsForTool(database, stores);
  const projection = projections.find((candidate) => candidate.name === name);
  if (!projection) {
    console.error(
      `usage: npm run replay -- <projection>; known: ${projections.map((p) => p.name).join(', ') || '(none yet)'}`,
    );
    process.exitCode = 2;
  } else {
    const started = Date.now();
    const result = await replayProjection(
      database.db,
      projection,
      await projectionSources(database.db, stores, projection),
      (p) => process.stdout.write(`\r${p.store}: ${p.read} events read, ${p.applied} applied`),
      { personal },
    );
    console.log(
      `\nreplayed ${projection.name}: ${result.applied} of ${result.read} events in ${Date.now() - started} ms`,
    );
  }
} finally {
  await database.close();
}
