/**
 * The deployment's service entry (`src/service-main.ts` and every `@sais/*` module it imports) as one
 * JavaScript file, `dist/service-main.mjs`, with the scan pool's thread (`scan-worker.bundle.js`) beside
 * it, where the pool looks for it (next to the module that starts it). The packages from npm stay
 * imports (`node_modules`, as installed): they are plain JavaScript already, some load files of their own
 * (PGlite's WebAssembly, pino's transports).
 *
 * Why: a service container started from the TypeScript sources transformed ~400 files at each start (tsx,
 * with an empty cache in a new container: ~7 s of CPU per process, 14 processes at once in the
 * one-machine deployment); the bundle loads in ~2 s (docs/operations.md). `npm run build` writes it.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const gateway = join(import.meta.dirname, '..');
const repositoryRoot = join(gateway, '..', '..');
export const serviceBundle = join(gateway, 'dist', 'service-main.mjs');

export async function bundleServiceMain(): Promise<string> {
  await build({
    entryPoints: [join(gateway, 'src', 'service-main.ts')],
    outfile: serviceBundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    // The bundle sits where its sources' `new URL('../../../', import.meta.url)` still names the
    // repository (services/gateway/dist: three folders down, as services/gateway/src).
    absWorkingDir: repositoryRoot,
    banner: { js: '// Generated from services/gateway/src/service-main.ts by `npm run build`: do not edit.' },
    plugins: [
      {
        name: 'npm-packages-stay-imports',
        setup(bundler) {
          bundler.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@sais/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  copyFileSync(
    join(repositoryRoot, 'services', 'scoring', 'src', 'evaluation', 'scan-worker.bundle.js'),
    join(gateway, 'dist', 'scan-worker.bundle.js'),
  );
  return serviceBundle;
}
