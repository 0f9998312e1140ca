/**
 * The Ladder (src/boards/ladder.ts, decision 0045): for any scores, steps and metric direction, the
 * shown score only ever gets better, moves by whole steps of at least η, is a multiple of η and is
 * never better than the team's true best.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ladder } from '../../src/boards/ladder.ts';

const step = fc.constantFrom(1e-6, 1e-4, 0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1, 3, 1000);
const score = fc.double({ min: -1e6, max: 1e6, noNaN: true });
const scores = fc.array(score, { maxLength: 60 });
/** Scores on a grid near the steps' multiples, where rounding is decided. */
const gridScore = (eta: number) =>
  fc
    .tuple(fc.integer({ min: -2000, max: 2000 }), fc.constantFrom(0, 1e-12, -1e-12, 0.5, 0.999999))
    .map(([k, f]) => (k + f) * eta);
const better = (higherIsBetter: boolean) => (a: number, b: number) => (higherIsBetter ? a >= b : a <= b);
const closeTo = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
/**
 * How far below η a difference of two shown scores may come out in floating point: the shown scores are
 * k·η written with 15 significant digits, so at a magnitude of 10⁶ a step of 10⁻⁴ is known to ~10⁻¹⁰
 * only (fast-check found [-999999.9999, -1000000] at η = 10⁻⁴: one whole step, 0.99999999x η as doubles).
 */
const slack = (eta: number, a: number, b: number) =>
  eta * 1e-9 + 1e-14 * Math.max(1, Math.abs(a), Math.abs(b));

function checkAll(list: number[], eta: number, higherIsBetter: boolean) {
  const result = ladder(list, eta, higherIsBetter);
  const atLeastAsGood = better(higherIsBetter);
  let trueBest: number | null = null;
  let before: number | null = null;
  result.after.forEach((shown, index) => {
    const s = list[index]!;
    trueBest = trueBest === null || atLeastAsGood(s, trueBest) ? s : trueBest;
    expect(shown).not.toBeNull();
    // Never better than the true best so far.
    expect(atLeastAsGood(trueBest, shown!)).toBe(true);
    // A multiple of η.
    expect(closeTo(shown! / eta, Math.round(shown! / eta))).toBe(true);
    if (before !== null) {
      // Monotone in the metric's direction, and a change is at least one step.
      expect(atLeastAsGood(shown!, before)).toBe(true);
      if (shown !== before)
        expect(Math.abs(shown! - before)).toBeGreaterThanOrEqual(eta - slack(eta, shown!, before));
    }
    before = shown;
  });
  expect(result.shown).toBe(result.after.at(-1) ?? null);
  if (result.setBy !== null) expect(result.after[result.setBy]).toBe(result.shown);
}

describe('the Ladder', () => {
  it('examples: rounds away from better, moves only by a step beaten', () => {
    // Lower is better (RMSE): 0.5234 shows as 0.53; 0.5201 does not beat it by a step; 0.5199 does.
    expect(ladder([0.5234, 0.5201, 0.5199, 0.515], 0.01, false)).toEqual({
      shown: 0.52,
      setBy: 2,
      after: [0.53, 0.53, 0.52, 0.52],
    });
    // Higher is better (AUC): 0.8791 shows as 0.87; 0.88 does: exactly a step.
    expect(ladder([0.8791, 0.875, 0.88], 0.01, true)).toEqual({
      shown: 0.88,
      setBy: 2,
      after: [0.87, 0.87, 0.88],
    });
    // A worse submission after a good one changes nothing.
    expect(ladder([0.3, 0.9], 0.1, false).after).toEqual([0.3, 0.3]);
    expect(ladder([], 0.1, false)).toEqual({ shown: null, setBy: null, after: [] });
    expect(() => ladder([1], 0, false)).toThrow(RangeError);
    // Far past whole steps (an absurd error), the score is shown as it is, never better.
    expect(ladder([1e300], 1e-9, false).shown).toBe(1e300);
    // One whole step far from 0, where a step is known to ~10⁻¹⁰ only (found by fast-check, seed 421867310).
    expect(ladder([-999999.9999, -1000000], 0.0001, false).after).toEqual([-999999.9999, -1000000]);
    checkAll([-999999.9999, -1000000], 0.0001, false);
    checkAll([-999999.9999, -1000000], 0.0001, true);
  });

  it('for any scores: monotone, whole steps of at least η, multiples of η, never better than the true best', () => {
    fc.assert(
      fc.property(scores, step, fc.boolean(), (list, eta, higherIsBetter) => {
        checkAll(list, eta, higherIsBetter);
      }),
      { numRuns: 500 },
    );
  });

  it('for any scores on the grid of a step (where rounding is decided): the same', () => {
    fc.assert(
      fc.property(
        step.chain((eta) => fc.tuple(fc.constant(eta), fc.array(gridScore(eta), { maxLength: 40 }))),
        fc.boolean(),
        ([eta, list], higherIsBetter) => {
          checkAll(list, eta, higherIsBetter);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('for any scores: a submission that does not beat the shown score by η leaves it, and the first sets it', () => {
    fc.assert(
      fc.property(scores, step, fc.boolean(), (list, eta, higherIsBetter) => {
        const { after } = ladder(list, eta, higherIsBetter);
        const sign = higherIsBetter ? 1 : -1;
        for (let i = 1; i < list.length; i++)
          if (sign * (list[i]! - after[i - 1]!) < eta - slack(eta, list[i]!, after[i - 1]!))
            expect(after[i]).toBe(after[i - 1]);
      }),
      { numRuns: 500 },
    );
  });

  it('is a function of the scores only: the same list gives the same shown scores', () => {
    fc.assert(
      fc.property(scores, step, fc.boolean(), (list, eta, higherIsBetter) => {
        expect(ladder([...list], eta, higherIsBetter)).toEqual(ladder(list, eta, higherIsBetter));
      }),
    );
  });
});
