/**
 * The order `vitest run` starts test files in (vitest.config.ts): the longest first, whatever their
 * project, so that with several files at a time (infra/scripts/test.mjs) no long file starts last and
 * runs on alone at the end. "Longest" is the duration of the file's last run when vitest has one
 * (node_modules/.vite/vitest), else its recorded time (infra/test/file-times.json: a fresh clone has no
 * vitest durations), otherwise its size, as vitest's own sequencer does within a project; files that
 * failed last time still go first. Vitest's own puts projects one after another instead.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileKey, recordedTimes } from './file-times.ts';

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const recorded = recordedTimes();
    // vitest's cache keys are `project:path from the root`, as the recorded times' keys are.
    const key = (file: TestSpecification) => fileKey(file.project.name, file.moduleId);
    const last = new Map(files.map((file) => [file, cache.getFileTestResults(key(file))]));
    const duration = new Map(
      files.map((file) => {
        const seconds = recorded[key(file)];
        return [file, last.get(file)?.duration ?? (seconds === undefined ? undefined : seconds * 1000)];
      }),
    );
    const size = new Map(files.map((file) => [file, cache.getFileStats(key(file))?.size ?? 0]));
    return [...files].sort((a, b) => {
      const [fa, fb] = [last.get(a)?.failed ?? false, last.get(b)?.failed ?? false];
      if (fa !== fb) return fa ? -1 : 1;
      const [da, db] = [duration.get(a), duration.get(b)];
      if (da !== undefined && db !== undefined) return db - da;
      // One with no time known: sizes compare, as vitest does when either file has no duration.
      return size.get(b)! - size.get(a)!;
    });
  }
}
