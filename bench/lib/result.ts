/**
 * A benchmark's headline figures, machine-readable: when `SAIS_BENCH_RESULT=<file>` is set (by
 * `npm run bench -- compare`), `reportFigures` writes them there as JSON, `{ "<measure>": number }`, so
 * two commits' runs compare figure by figure. Commits before it are read from their printed
 * "Summary against the targets" table instead (bench/compare.ts).
 */
import { writeFileSync } from 'node:fs';

export function reportFigures(figures: Record<string, number>): void {
  const file = process.env.SAIS_BENCH_RESULT;
  if (file) writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}
