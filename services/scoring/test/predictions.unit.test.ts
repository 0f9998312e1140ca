import { describe, expect, it } from 'vitest';
import { errorCorrelation, minSharedRows, readPredictions } from '../src/integrity/predictions.ts';

const file = (f: (i: number) => number, n = 20) =>
  readPredictions('id,y\n' + Array.from({ length: n }, (_, i) => `r${i},${f(i)}`).join('\n') + '\n');
const truth = file((i) => i * 10);

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
});
