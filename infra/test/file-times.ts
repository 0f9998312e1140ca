/**
 * Per-file test times (issue 31): what each test file took in a whole run, so that
 *  - the sequencer (infra/test/sequencer.ts) starts the longest files first on a fresh clone too, where
 *    vitest has no durations of its own yet (node_modules/.vite/vitest is empty), and
 *  - a file that grows past its budget is seen: the reporter below prints, after every run, the slowest
 *    files and each file that took over twice its recorded time (and over 20 s).
 * The recorded times are `infra/test/file-times.json` (`project:path` → seconds, from a whole `npm test`
 * two files at a time on the 2-core test host); `SAIS_TEST_TIMES_WRITE=1 npm test` writes the run's times
 * there (a whole run: files that did not run keep their time).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const recordFile = join(root, 'infra', 'test', 'file-times.json');

/** The key of a file: its project's name and its path from the repository's root. */
export const fileKey = (project: string, moduleId: string) => `${project}:${relative(root, moduleId)}`;

/** The recorded seconds per file key (empty when the file is missing or unreadable). */
export function recordedTimes(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(recordFile, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class FileTimes implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const ran = modules
      .filter((module) => module.state() === 'passed' || module.state() === 'failed')
      .map((module) => {
        const d = module.diagnostic();
        const ms =
          d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
        return { key: fileKey(module.project.name, module.moduleId), seconds: Math.round(ms / 100) / 10 };
      })
      .sort((a, b) => b.seconds - a.seconds);
    if (ran.length < 2) return;
    const recorded = recordedTimes();
    const over = ran.filter(
      (file) =>
        recorded[file.key] !== undefined && file.seconds > 20 && file.seconds > 2 * recorded[file.key]!,
    );
    const lines = ['', `[file-times] the slowest of ${ran.length} files:`];
    for (const file of ran.slice(0, 12))
      lines.push(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.key}`);
    for (const file of over)
      lines.push(
        `[file-times] over twice its recorded ${recorded[file.key]} s: ${file.key} ${file.seconds} s`,
      );
    console.log(lines.join('\n'));
    if (process.env.SAIS_TEST_TIMES_WRITE) {
      const merged = { ...recorded, ...Object.fromEntries(ran.map((file) => [file.key, file.seconds])) };
      const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(recordFile, `${JSON.stringify(sorted, null, 2)}\n`);
      console.log(`[file-times] wrote ${relative(root, recordFile)}`);
    }
  }
}
