import { describe, expect, it } from 'vitest';
import {
  errorFingerprint,
  fingerprintCorrelation,
  fingerprintIds,
  minSharedRows,
  readPredictions,
} from '../src/integrity/predictions.ts';

const file = (f: (i: number) => number, n = 20) =>
  readPredictions('id,y\n' + Array.from({ length: n }, (_, i) => `r${i},${f(i)}`).join('\n') + '\n');
const truth = file((i) => i * 10);
/** Two files compared as the scan compares them: fingerprints at the truth's ids, correlated. */
const errorCorrelation = (
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
  against: ReadonlyMap<string, number>,
) => {
  const ids = fingerprintIds(against);
  return fingerprintCorrelation(errorFingerprint(a, against, ids), errorFingerprint(b, against, ids));
};

describe('near-identical predictions: correlation of errors against the truth', () => {
  it('is 1 for a copy with scaled errors, and low for independent errors of the same accuracy', () => {
    const noise = (i: number) => ((i * 7919) % 13) - 6;
    const a = file((i) => i * 10 + noise(i));
    expect(
      errorCorrelation(
        a,
        file((i) => i * 10 + 2 * noise(i) + 3),
        truth,
      )?.correlation,
    ).toBeCloseTo(1, 12);
    const independent = errorCorrelation(
      a,
      file((i) => i * 10 + (((i * 104729 + 3) % 17) - 8)),
      truth,
    )!;
    expect(Math.abs(independent.correlation)).toBeLessThan(0.5);
    expect(independent.rows).toBe(20);
  });

  it('compares only ids all three share with finite numbers, and needs enough of them', () => {
    const a = file((i) => (i === 3 ? NaN : i * 10 + (i % 3)));
    const b = file((i) => i * 10 + (i % 3), 15);
    expect(errorCorrelation(a, b, truth)).toEqual({ correlation: expect.closeTo(1, 12), rows: 14 });
    expect(
      errorCorrelation(
        a,
        file((i) => i, minSharedRows - 1),
        truth,
      ),
    ).toBeNull();
  });

  it('answers null when an error column is constant (a perfect or shifted copy of the truth)', () => {
    expect(
      errorCorrelation(
        file((i) => i * 10 + 1),
        file((i) => i * 10 + (i % 2)),
        truth,
      ),
    ).toBeNull();
  });

  it('keeps every id of a small truth, and a fixed sample of a large one, whatever the file order', () => {
    expect(fingerprintIds(truth)).toEqual(Array.from({ length: 20 }, (_, i) => `r${i}`));
    const big = file((i) => i, 10_000);
    const sample = fingerprintIds(big, 500);
    expect(sample).toHaveLength(500);
    expect(new Set(sample).size).toBe(500);
    const shuffled = new Map([...big].reverse());
    expect(fingerprintIds(shuffled, 500)).toEqual(sample);
    // Spread over the file, not its first rows.
    expect(sample.filter((id) => Number(id.slice(1)) >= 5_000).length).toBeGreaterThan(150);
    // A copy with scaled errors still correlates at 1 on the sample; independent noise does not.
    const noise = (i: number) => ((i * 7919) % 13) - 6;
    const a = errorFingerprint(
      file((i) => i + noise(i), 10_000),
      big,
      sample,
    );
    const b = errorFingerprint(
      file((i) => i + 3 * noise(i) - 2, 10_000),
      big,
      sample,
    );
    const c = errorFingerprint(
      file((i) => i + (((i * 104729 + 3) % 17) - 8), 10_000),
      big,
      sample,
    );
    expect(fingerprintCorrelation(a, b)).toEqual({ correlation: expect.closeTo(1, 9), rows: 500 });
    expect(Math.abs(fingerprintCorrelation(a, c)!.correlation)).toBeLessThan(0.5);
  });

  it('marks ids a file lacks or has no number for, and leaves them out of the correlation', () => {
    const ids = fingerprintIds(truth);
    const partial = errorFingerprint(
      file((i) => (i === 3 ? NaN : i * 10 + (i % 3)), 15),
      truth,
      ids,
    );
    expect(Number.isNaN(partial[3]!)).toBe(true);
    expect(Number.isNaN(partial[19]!)).toBe(true);
    expect(partial[4]).toBe(1);
    const full = errorFingerprint(
      file((i) => i * 10 + (i % 3)),
      truth,
      ids,
    );
    expect(fingerprintCorrelation(partial, full)).toEqual({ correlation: expect.closeTo(1, 12), rows: 14 });
  });
});

describe('reading a stored file', () => {
  it('reads ids and values the same from a Buffer and from a bare Uint8Array (how PGlite once returned a bytea)', () => {
    const csv = 'id,y\nr1,1.5\n"r2",2\nr3,x\n';
    const fromBuffer = readPredictions(Buffer.from(csv));
    expect(readPredictions(new Uint8Array(Buffer.from(csv)))).toEqual(fromBuffer);
    expect(fromBuffer.get('r1')).toBe(1.5);
    expect(fromBuffer.size).toBe(3);
  });
});
