/**
 * The Ladder (Blum & Hardt 2015, "The Ladder: A Reliable Leaderboard for Machine Learning
 * Competitions"; decision 0045), pure: a team's shown public score over its submissions in submission
 * order. The first scored submission sets the shown score, rounded to a multiple of the step η away
 * from better (never better than the score itself); a later one moves it only when, so rounded, it beats
 * the shown score by at least one step, i.e. by at least η. Otherwise the shown score stays, and the
 * submission tells its team nothing it did not know. Comparisons are on whole steps (integers), so
 * floating point never lets a score cross a step it did not cross.
 */

/** The shown score after each submission (null before the first), and which submission set the last. */
export interface LadderResult {
  /** The team's shown score: a multiple of `step`, or null when no submission is scored. */
  shown: number | null;
  /** Index (in the input) of the submission that set `shown`, or null. */
  setBy: number | null;
  /** The shown score after each input submission, in input order. */
  after: (number | null)[];
}

/** A multiple of `step` written with 15 significant digits (3 × 0.1 shows as 0.3, not 0.30000000000000004). */
const valueOf = (steps: number, step: number) => Number((steps * step).toPrecision(15));

/** Beyond this many steps a multiple of η is no longer exact in a double: the score is shown as it is. */
const wholeSteps = 1e14;

/**
 * The score rounded to a whole number of steps, away from better, in "loss" terms (lower is better:
 * `loss` is the score, or its negation when higher is better): the least k with k·η ≥ loss as shown.
 * Past `wholeSteps` (only far on the bad side: an error of 10¹¹ at η = 0.001) it is loss/η unrounded.
 */
function stepsOf(loss: number, step: number, sign: 1 | -1): { k: number; value: number } {
  let k = Math.ceil(loss / step);
  if (!(Math.abs(k) <= wholeSteps)) return { k: loss / step, value: sign * loss };
  // Division rounds: correct by a step where the shown value would come out better than the score.
  if (sign * valueOf(sign * k, step) < loss) k += 1;
  else if (sign * valueOf(sign * (k - 1), step) >= loss) k -= 1;
  return { k, value: valueOf(sign * k, step) };
}

/**
 * The Ladder over `scores` (a team's scored submissions of a phase, in submission order: time, then id)
 * with step `step` > 0; `higherIsBetter` is the metric's direction.
 */
export function ladder(scores: readonly number[], step: number, higherIsBetter: boolean): LadderResult {
  if (!(step > 0) || !Number.isFinite(step)) throw new RangeError(`ladder step must be positive: ${step}`);
  const sign = higherIsBetter ? -1 : 1;
  let best: { k: number; value: number } | null = null;
  let setBy: number | null = null;
  const after: (number | null)[] = [];
  scores.forEach((score, index) => {
    const next = stepsOf(sign * score, step, sign);
    if (best === null || next.k <= best.k - 1) {
      best = next;
      setBy = index;
    }
    after.push(best.value);
  });
  return { shown: (best as { value: number } | null)?.value ?? null, setBy, after };
}
