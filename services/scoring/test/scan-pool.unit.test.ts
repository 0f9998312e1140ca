/**
 * The scan pool (scan-pool.ts): one pool per process, reused for every submission; files below the
 * size threshold scored on one thread; chunks cut after non-empty lines only; the threads' bundle
 * current with its sources. (That its scores and refusals equal the one-thread scorer's, on random files
 * with every kind of defect: score-reference.unit.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import './refusals.ts';
import {
  PARALLEL_MIN_BYTES,
  chunkBounds,
  scanCounts,
  scanInParallel,
  scanPool,
  startScanPool,
} from '../src/evaluation/scan-pool.ts';
import { scoreSubmission } from '../src/evaluation/score.ts';
import { release, sharedArray } from '../src/evaluation/shared-memory.ts';
import { scanWorkerBundle } from '../scripts/scan-worker-bundle.ts';
import { fnv1a } from '../src/evaluation/csv.ts';
import { hashedPosition } from '../src/evaluation/ground-truth.ts';
import { viewed } from '../src/evaluation/hash-index.ts';
import { truthCounts } from '../src/evaluation/truth-parallel.ts';
import { testPublicIds, testTruth } from './split-support.ts';

const ids = Array.from({ length: 3_000 }, (_, i) => `s${i.toString(16)}-x`);
const truthCsv = `id,y\n${ids.map((id, i) => `${id},${i % 7}`).join('\n')}\n`;
const submission = `id,y\n${ids.map((id, i) => `${id},${(i % 7) + 0.5}`).join('\n')}\n`;

describe('the scan pool', () => {
  it('is one pool per process, as many threads as cores but one (at most 3), reused for every file', () => {
    const pool = startScanPool();
    const cores = availableParallelism();
    if (cores < 2) expect(pool).toBeNull();
    else expect(pool?.size).toBe(Math.min(cores - 1, 3));
    const truth = testTruth(Buffer.from(truthCsv), 'rmse', 50);
    const before = pool?.threadIds() ?? [];
    for (let i = 0; i < 20; i++) {
      const scores = scoreSubmission(Buffer.from(submission), truth, { minBytes: 0, chunkBytes: 256 });
      expect(scores.publicScore).toBe(0.5);
    }
    expect(scanPool()).toBe(pool);
    expect(pool?.threadIds() ?? []).toEqual(before);
  });

  it('scores files below the threshold on one thread', () => {
    const truth = testTruth(Buffer.from(truthCsv), 'rmse', 50);
    const predicted = sharedArray(Float64Array, truth.rows);
    expect(Buffer.byteLength(submission)).toBeLessThan(PARALLEL_MIN_BYTES);
    expect(scanInParallel(Buffer.from(submission), truth, predicted)).toBeNull();
    expect(scanInParallel(Buffer.from(submission), truth, predicted, { minBytes: 0 })).toBe(3_000);
  });

  it('leaves label metrics to one thread (labels are coded as they come)', () => {
    const labels = `id,y\n${ids.map((id, i) => `${id},${i % 2 ? 'x' : 'y'}`).join('\n')}\n`;
    const truth = testTruth(Buffer.from(labels), 'accuracy', 50);
    const predicted = sharedArray(Float64Array, truth.rows);
    const file = Buffer.from(labels);
    expect(scanInParallel(file, truth, predicted, { minBytes: 0 })).toBeNull();
  });

  it('cuts chunks right after non-empty lines, never inside empty ones', () => {
    const text = 'id,y\na,1\n\n\nb,2\r\n\r\nc,3\nd,4\n\n';
    const bytes = Buffer.from(text);
    const bounds = chunkBounds(bytes, 5, 1);
    expect(bounds[0]).toBe(5);
    expect(bounds.at(-1)).toBe(bytes.length);
    for (const bound of bounds.slice(1, -1)) {
      expect(text[bound - 1]).toBe('\n');
      const line = text.slice(0, bound - 1).replace(/\r$/, '');
      expect(line.endsWith('\n') || line === '').toBe(false);
    }
    // Chunks start anywhere after such a line (empty lines inside a chunk are refused there, as on one thread).
    expect(bounds.map((b) => text.slice(b, b + 3))).toEqual(['a,1', '\n\nb', '\r\nc', 'd,4', '\n', '']);
  });

  it('counts a clean file scored on the threads, and a wrong one scored again on one thread', () => {
    const truth = testTruth(Buffer.from(truthCsv), 'rmse', 50);
    const { clean, notClean } = scanCounts;
    scoreSubmission(Buffer.from(submission), truth, { minBytes: 0, chunkBytes: 256 });
    const duplicate = submission.replace(`${ids[5]},`, `${ids[6]},`);
    expect(() => scoreSubmission(Buffer.from(duplicate), truth, { minBytes: 0, chunkBytes: 256 })).toRefuse(
      `Line 8, column id: "${ids[6]}" appears twice (duplicate id).`,
    );
    expect(scanCounts.clean - clean).toBe(1);
    expect(scanCounts.notClean - notClean).toBe(1);
  });

  it('reads a ground truth on the threads to the same index, and refuses a wrong one the same way', () => {
    startScanPool();
    const quoted = ids.map((id, i) => (i % 5 === 0 ? `"${id},""q"""` : id));
    const csv = `id,y\n${quoted.map((id, i) => `${id},${(i * 7919) % 1000}.5`).join('\n')}\n`;
    const one = testTruth(Buffer.from(csv), 'rmse', 50, { minBytes: Infinity });
    const parallel = truthCounts.parallel;
    const many = testTruth(Buffer.from(csv), 'rmse', 50, { minBytes: 0, chunkBytes: 100 });
    expect(truthCounts.parallel).toBe(parallel + 1);
    expect(many.rows).toBe(one.rows);
    expect(many.publicRows).toBe(one.publicRows);
    expect([...many.ordered]).toEqual([...one.ordered]);
    for (const id of ids.map((id, i) => (i % 5 === 0 ? `${id},"q"` : id))) {
      const bytes = Buffer.from(id);
      const find = (truth: typeof one) =>
        hashedPosition(truth, fnv1a(bytes, 0, bytes.length) | 0, viewed(bytes), 0, bytes.length);
      expect(find(many)).toBe(find(one));
      expect(find(many)).toBeGreaterThanOrEqual(0);
    }
    const wrong = [
      csv.replace(`${quoted[2900]},`, `${quoted[3]},`), // an id twice, far apart
      csv.replace(`${quoted[1500]},`, `${quoted[1499]},`), // an id twice, next to each other
      csv.replace(/\n([^\n]*),[^\n]*\n$/, '\n$1,abc\n'), // no number, last line
      `${csv}\n\nextra,1\n`, // an empty line inside
    ];
    for (const file of wrong) {
      const message = (options: object) => {
        try {
          testTruth(Buffer.from(file), 'rmse', 50, options);
          return 'loaded';
        } catch (error) {
          return (error as Error).message;
        }
      };
      const expected = message({ minBytes: Infinity });
      expect(expected).not.toBe('loaded');
      expect(message({ minBytes: 0, chunkBytes: 100 })).toBe(expected);
    }
  });

  it('gives a whole Buffer back at once, never shared memory or a part of a buffer', () => {
    const whole = Buffer.alloc(1 << 20, 1);
    const truth = testTruth(Buffer.from(truthCsv), 'rmse', 50);
    expect(release(whole)).toBe(true);
    expect(whole.length).toBe(0);
    const shared = sharedArray(Uint8Array, 100);
    expect(release(shared)).toBe(false);
    expect(shared.length).toBe(100);
    const pooled = Buffer.from('id,y\n'); // a slice of Node's pool
    expect(release(pooled)).toBe(false);
    expect(pooled.toString()).toBe('id,y\n');
    // A ground truth keeps copies of what it needs: its CSV can go once read.
    const csv = Buffer.alloc(Buffer.byteLength(truthCsv), truthCsv);
    const again = testTruth(csv, 'rmse', 50);
    expect(release(csv)).toBe(true);
    expect(scoreSubmission(Buffer.from(submission), again)).toEqual(
      scoreSubmission(Buffer.from(submission), truth),
    );
  });

  it('runs the threads from a bundle made from the current sources', () => {
    const { path, text } = scanWorkerBundle();
    // If this fails: npm run bundle:scan-worker -w @sais/scoring
    expect(readFileSync(path, 'utf8') === text).toBe(true);
  });
});
