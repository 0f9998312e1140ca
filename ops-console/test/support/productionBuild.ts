import { build } from 'vite';

/** Builds the app as `npm run build` does, into `outDir`. */
export async function buildForProduction(root: string, outDir: string): Promise<void> {
  // vitest sets NODE_ENV=test, which vite would bake into the bundle (development React and all).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = previous;
  }
}
