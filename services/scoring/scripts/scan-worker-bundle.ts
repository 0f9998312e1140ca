import { join } from 'node:path';
import { buildSync } from 'esbuild';

/** The bundle of the scan pool's thread, as it should be, and where it goes. */
export function scanWorkerBundle(): { path: string; text: string } {
  const evaluation = join(import.meta.dirname, '..', 'src', 'evaluation');
  const result = buildSync({
    entryPoints: [join(evaluation, 'scan-worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    write: false,
    // Paths in the bundle's comments relative to the service, wherever it is generated from.
    absWorkingDir: join(import.meta.dirname, '..'),
    legalComments: 'none',
    banner: {
      js: '// Generated from scan-worker.ts by `npm run bundle:scan-worker -w @sais/scoring`: do not edit.',
    },
  });
  return { path: join(evaluation, 'scan-worker.bundle.js'), text: result.outputFiles[0]!.text };
}
