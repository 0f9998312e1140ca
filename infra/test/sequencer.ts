/**
 * The order `vitest run` starts test files in (vitest.config.ts): the longest first, whatever their
 * project, so that with several files at a time (infra/scripts/test.mjs) no long file starts last and
 * runs on alone at the end. "Longest" is the duration of the file's last run when vitest has one
 * (node_modules/.vite/vitest), otherwise its size, as vitest's own sequencer does within a project;
 * files that failed last time still go first. Vitest's own puts projects one after another instead.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (file: TestSpecification) =>
      `${file.project.name}:${file.moduleId.slice(this.ctx.config.root.length + 1)}`;
    const known = new Map(files.map((file) => [file, cache.getFileTestResults(key(file))]));
    const size = new Map(files.map((file) => [file, cache.getFileStats(key(file))?.size ?? 0]));
    return [...files].sort((a, b) => {
      const [ra, rb] = [known.get(a), known.get(b)];
      if (ra && rb) {
        if (ra.failed !== rb.failed) return ra.failed ? -1 : 1;
        return rb.duration - ra.duration;
      }
      // One never run here: sizes compare, as vitest does when either file has no duration.
      return size.get(b)! - size.get(a)!;
    });
  }
}
