/**
 * The scoring warm-up (warm-up.ts) a scoring worker runs at start: it scores its made-up files through
 * the real paths (one thread and, with a pool, the pool's threads, which must agree), and leaves
 * nothing behind that changes a real score.
 */
import { describe, expect, it } from 'vitest';
import { scanCounts, startScanPool } from '../src/evaluation/scan-pool.ts';
import { scoreSubmission } from '../src/evaluation/score.ts';
import { warmUpScoring } from '../src/evaluation/warm-up.ts';
import { testPublicIds, testTruth } from './split-support.ts';

const truthCsv = `id,y\n${Array.from({ length: 500 }, (_, i) => `s${i},${i % 7}`).join('\n')}\n`;
const submission = `id,y\n${Array.from({ length: 500 }, (_, i) => `s${499 - i},${((499 - i) % 7) + 0.5}`).join('\n')}\n`;

describe('the scoring warm-up', () => {
  it('scores its files on one thread and on the pool, and real scores stay the same', () => {
    const truth = testTruth(Buffer.from(truthCsv), 'rmse', 50);
    const before = scoreSubmission(Buffer.from(submission), truth);
    const pool = startScanPool();
    const clean = scanCounts.clean;
    const warm = warmUpScoring();
    expect(warm.files).toBe(pool ? 48 : 16);
    if (pool) expect(scanCounts.clean - clean).toBe(32);
    expect(warm.busyMs).toBeGreaterThan(0);
    expect(warm.ms).toBeGreaterThanOrEqual(warm.busyMs);
    expect(scoreSubmission(Buffer.from(submission), truth)).toEqual(before);
    expect(before.publicScore).toBe(0.5);
  });
});
