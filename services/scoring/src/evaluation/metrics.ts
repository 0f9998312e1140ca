// Over 300 lines: the metric registry: each metric's formula beside its declaration (direction, target kind,
// what it refuses), so the scorer, the boards and the apps read one definition.
import type { scoring } from '@sais/events';

/**
 * The metric registry: for each metric name (the list is @sais/events' `metricNames`; the compiler checks
 * this registry has exactly those) its definition, direction, what the target column holds and the
 * function scoring one split. Decision 0010 explains the choices.
 *
 * A metric scores one split — the public or the private part of a ground truth — from two arrays of the
 * same length: `truth[i]` and `predicted[i]` are the true and the submitted value of the split's i-th
 * test id. For label targets both hold label codes (equal codes, equal labels after the metric's
 * normalisation; a submitted label the ground truth does not have gets a code of its own). The result
 * is null when the metric is undefined on the split: an empty split (every metric), or a split with one
 * class only (AUC). The ground-truth upload refuses a ground truth that leaves either part undefined,
 * so every Completed submission has a public and a private score (see `unscorablePart`).
 */
export type MetricName = scoring.MetricName;

export interface MetricDefinition {
  /** One line for people; the doc comment of the entry has the formula. */
  summary: string;
  /** Higher is better (r2, accuracy, …); otherwise lower is better (errors: mae, rmse). */
  higherIsBetter: boolean;
  /** What the target column holds: numbers, or labels (texts compared after `normalize`). */
  target: 'numeric' | 'label';
  /** For label targets: the text a label is compared by (both in the ground truth and in submissions). */
  normalize?: (label: string) => string;
  /** For numeric targets with a restricted domain: why a true value is refused (e.g. AUC: 0 or 1), else null. */
  refuseTrueValue?: (value: number) => string | null;
  /** Why the metric is undefined on a split whose true values are `truth` (it has rows), else null. */
  refuseSplit?: (truth: Float64Array) => string | null;
  /** The score of one split; null when the split is empty (or the metric undefined on it). */
  score: (truth: Float64Array, predicted: Float64Array) => number | null;
}

/** Labels compared as given: the text with spaces around it removed. */
const trimmed = (label: string) => label.trim();

/** Answers as written, leniently: trimmed, runs of whitespace as one space, Unicode NFC; case counts. */
export const normalizedAnswer = (answer: string) => answer.trim().replace(/\s+/g, ' ').normalize('NFC');

/** Mean of `error(truth[i], predicted[i])`; null for an empty split. */
function meanOf(truth: Float64Array, predicted: Float64Array, error: (t: number, p: number) => number) {
  const n = truth.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += error(truth[i]!, predicted[i]!);
  return sum / n;
}

function meanAbsoluteError(truth: Float64Array, predicted: Float64Array): number | null {
  const n = truth.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.abs(predicted[i]! - truth[i]!);
  return sum / n;
}

/**
 * The loop alone, so that its code, compiled while it runs (on-stack replacement), reaches no code it
 * has not seen run: with `Math.sqrt` after it, that code was thrown away at every call (measured).
 */
function sumOfSquaredErrors(truth: Float64Array, predicted: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < truth.length; i++) {
    const difference = predicted[i]! - truth[i]!;
    sum += difference * difference;
  }
  return sum;
}

function rootMeanSquaredError(truth: Float64Array, predicted: Float64Array): number | null {
  const n = truth.length;
  if (n === 0) return null;
  return Math.sqrt(sumOfSquaredErrors(truth, predicted) / n);
}

function rSquared(truth: Float64Array, predicted: Float64Array): number | null {
  const n = truth.length;
  if (n === 0) return null;
  let residual = 0;
  let constant = true;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const difference = truth[i]! - predicted[i]!;
    residual += difference * difference;
    if (truth[i] !== truth[0]) constant = false;
    sum += truth[i]!;
  }
  // Constant truth (tested exactly, not through a rounded variance): sklearn's force_finite values.
  if (constant) return residual === 0 ? 1 : 0;
  const mean = sum / n;
  let total = 0;
  for (let i = 0; i < n; i++) total += (truth[i]! - mean) ** 2;
  // Different values whose squares underflow to 0 (e.g. 0 and 5e-324): as constant, not 0/0 = NaN.
  if (total === 0) return residual === 0 ? 1 : 0;
  return 1 - residual / total;
}

const sameCode = (t: number, p: number) => +(t === p);

function macroF1(truth: Float64Array, predicted: Float64Array): number | null {
  const n = truth.length;
  if (n === 0) return null;
  let classes = 0;
  for (let i = 0; i < n; i++) classes = Math.max(classes, truth[i]! + 1, predicted[i]! + 1);
  const tp = new Float64Array(classes);
  const fp = new Float64Array(classes);
  const fn = new Float64Array(classes);
  for (let i = 0; i < n; i++) {
    const t = truth[i]!;
    const p = predicted[i]!;
    if (t === p) tp[t] = tp[t]! + 1;
    else {
      fp[p] = fp[p]! + 1;
      fn[t] = fn[t]! + 1;
    }
  }
  let sum = 0;
  let present = 0;
  for (let k = 0; k < classes; k++) {
    const denominator = 2 * tp[k]! + fp[k]! + fn[k]!;
    if (denominator === 0) continue; // neither in this split's truth nor in its predictions
    sum += (2 * tp[k]!) / denominator;
    present += 1;
  }
  return sum / present;
}

function areaUnderCurve(truth: Float64Array, predicted: Float64Array): number | null {
  const n = truth.length;
  let positives = 0;
  for (let i = 0; i < n; i++) positives += truth[i]!;
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return null;
  const positive = new Float64Array(positives);
  const negative = new Float64Array(negatives);
  for (let i = 0, p = 0, q = 0; i < n; i++) {
    if (truth[i] === 1) positive[p++] = predicted[i]!;
    else negative[q++] = predicted[i]!;
  }
  positive.sort();
  negative.sort();
  // Pairs (positive, negative) ranked right count 1, tied pairs ½: the Mann–Whitney U statistic.
  let wins = 0;
  let below = 0; // negatives scored lower than the current positive
  let tied = 0; // negatives scored equal to it
  for (let p = 0; p < positives; p++) {
    const score = positive[p]!;
    if (p === 0 || score !== positive[p - 1]) {
      below += tied;
      tied = 0;
      while (below < negatives && negative[below]! < score) below++;
      while (below + tied < negatives && negative[below + tied] === score) tied++;
    }
    wins += below + tied / 2;
  }
  return wins / (positives * negatives);
}

const oneClass = (truth: Float64Array) => {
  const first = truth[0];
  for (let i = 1; i < truth.length; i++) if (truth[i] !== first) return null;
  return `only ${first === 1 ? 'positives (1)' : 'negatives (0)'}: AUC needs both classes`;
};

/** siRNA: "effective" means less than 30 % of the mRNA remains. */
export const SIRNA_EFFECTIVE_BELOW = 30;

function sirnaScore(truth: Float64Array, predicted: Float64Array): number | null {
  const n = truth.length;
  if (n === 0) return null;
  let absolute = 0;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < n; i++) {
    const t = truth[i]!;
    const p = predicted[i]!;
    absolute += Math.abs(p - t);
    const trulyEffective = t < SIRNA_EFFECTIVE_BELOW;
    const calledEffective = p < SIRNA_EFFECTIVE_BELOW;
    if (trulyEffective && calledEffective) tp++;
    else if (calledEffective) fp++;
    else if (trulyEffective) fn++;
  }
  const mae = Math.min(absolute / n, 100);
  const f1 = tp + fp + fn === 0 ? 1 : (2 * tp) / (2 * tp + fp + fn);
  return 0.5 * (1 - mae / 100) + 0.5 * f1;
}

/** Precipitation thresholds (mm) of the threat score. */
export const THREAT_THRESHOLDS = [0.1, 10, 25, 50] as const;

function threatScore(truth: Float64Array, predicted: Float64Array): number | null {
  const n = truth.length;
  if (n === 0) return null;
  let sum = 0;
  let counted = 0;
  for (const threshold of THREAT_THRESHOLDS) {
    let hits = 0;
    let misses = 0;
    let falseAlarms = 0;
    for (let i = 0; i < n; i++) {
      const observed = truth[i]! >= threshold;
      const forecast = predicted[i]! >= threshold;
      if (observed && forecast) hits++;
      else if (observed) misses++;
      else if (forecast) falseAlarms++;
    }
    if (hits + misses + falseAlarms === 0) continue; // neither observed nor forecast: left out
    sum += hits / (hits + misses + falseAlarms);
    counted++;
  }
  return counted === 0 ? 1 : sum / counted;
}

export const metrics = {
  /** Mean absolute error: MAE = Σ|pᵢ − tᵢ| / n. Lower is better; 0 is perfect. */
  mae: {
    summary: 'mean absolute error',
    higherIsBetter: false,
    target: 'numeric',
    score: meanAbsoluteError,
  },
  /** Root mean squared error: RMSE = √(Σ(pᵢ − tᵢ)² / n). Lower is better; 0 is perfect. */
  rmse: {
    summary: 'root mean squared error',
    higherIsBetter: false,
    target: 'numeric',
    score: rootMeanSquaredError,
  },
  /**
   * Coefficient of determination: R² = 1 − SS_res / SS_tot, SS_res = Σ(tᵢ − pᵢ)², SS_tot = Σ(tᵢ − t̄)².
   * Higher is better; 1 is perfect, 0 is predicting the mean, it can be negative. When every true value
   * of the split is the same (SS_tot = 0): 1 if the predictions are exact, else 0 (as scikit-learn's
   * r2_score with force_finite).
   */
  r2: {
    summary: 'coefficient of determination (1 − SS_res/SS_tot)',
    higherIsBetter: true,
    target: 'numeric',
    score: rSquared,
  },
  /** Accuracy: the share of ids whose label equals the true label (labels trimmed; case counts). */
  accuracy: {
    summary: 'share of exactly right labels',
    higherIsBetter: true,
    target: 'label',
    normalize: trimmed,
    score: (truth, predicted) => meanOf(truth, predicted, sameCode),
  },
  /**
   * Macro-averaged F1: the mean over classes c of F1_c = 2·TP_c / (2·TP_c + FP_c + FN_c), over the classes
   * present in the split's truth or predictions (a label only a submission uses is a class of its own,
   * with F1 0). Labels trimmed; case counts. Higher is better; 1 is perfect.
   */
  macro_f1: {
    summary: 'macro-averaged F1 over the labels in truth or predictions',
    higherIsBetter: true,
    target: 'label',
    normalize: trimmed,
    score: macroF1,
  },
  /**
   * Area under the ROC curve, for true values 0 or 1 and submitted scores (any numbers; higher means
   * more likely 1): the share of (positive, negative) pairs in which the positive has the higher
   * score, a tie counting ½ (the Mann–Whitney U / (P·N)). Higher is better; 1 is perfect, 0.5 is chance.
   * Undefined on a split with one class only: such a ground truth is refused at upload.
   */
  auc: {
    summary: 'area under the ROC curve (true values 0/1, ties count ½)',
    higherIsBetter: true,
    target: 'numeric',
    refuseTrueValue: (value) =>
      value === 0 || value === 1 ? null : 'the auc metric needs 0 or 1 as the true value',
    refuseSplit: oneClass,
    score: areaUnderCurve,
  },
  /**
   * Exact-match accuracy (reasoning answers): the share of ids whose answer equals the true answer after
   * trimming, collapsing runs of whitespace to one space and Unicode NFC normalisation; case and
   * punctuation count ("42" ≠ "42.0", "Paris" ≠ "paris"). Higher is better.
   */
  exact_match: {
    summary: 'share of answers equal to the truth (whitespace collapsed, NFC, case-sensitive)',
    higherIsBetter: true,
    target: 'label',
    normalize: normalizedAnswer,
    score: (truth, predicted) => meanOf(truth, predicted, sameCode),
  },
  /**
   * siRNA silencing, values are % of the target mRNA remaining (0–100): a composite of the error and of
   * finding the effective siRNAs (< 30 % remaining):
   *   score = 0.5 · (1 − min(MAE, 100) / 100) + 0.5 · F1(effective),
   * F1 = 2·TP / (2·TP + FP + FN) with "effective" = value < 30 on both sides; when neither the truth nor
   * the submission calls any siRNA of the split effective, F1 = 1 (they agree). Higher is better, in
   * [0, 1]; 1 is perfect.
   */
  sirna: {
    summary: '0.5·(1 − min(MAE,100)/100) + 0.5·F1 of "effective" (< 30 % mRNA remaining)',
    higherIsBetter: true,
    target: 'numeric',
    score: sirnaScore,
  },
  /**
   * Mean threat score (critical success index) of precipitation in mm over the thresholds 0.1, 10, 25
   * and 50 mm: at each threshold an id is an event when its value is ≥ the threshold, and
   * TS = hits / (hits + misses + false alarms). A threshold that neither the truth nor the submission
   * reaches in the split is left out of the mean; with all left out (a dry split forecast dry) the score
   * is 1. Higher is better, in [0, 1].
   */
  threat_score: {
    summary: 'mean threat score over 0.1, 10, 25 and 50 mm',
    higherIsBetter: true,
    target: 'numeric',
    score: threatScore,
  },
} as const satisfies Record<MetricName, MetricDefinition>;

/** The definition of a metric name. */
export const metricOf = (name: MetricName): MetricDefinition => metrics[name];

/**
 * A split's score as recorded: finite always (events refuse anything else). A formula that leaves the
 * doubles — predictions so far off that a sum overflows (RMSE of 1e300s: ∞; R²: −∞) — gets the worst
 * finite score in the metric's direction, so it ranks last, never better than an honest bad score.
 */
export const finiteScore = (value: number, higherIsBetter: boolean): number =>
  Number.isFinite(value) ? value : higherIsBetter ? -Number.MAX_VALUE : Number.MAX_VALUE;

/** Metric names whose higher scores are better (for ranking in SQL); the others are errors. */
export const higherIsBetterMetrics: readonly string[] = Object.entries(metrics)
  .filter(([, metric]) => metric.higherIsBetter)
  .map(([name]) => name);

/** Lower is better for error metrics (and for an unknown name, as for errors); higher for the others. */
export const lowerIsBetter = (metric: string) => !higherIsBetterMetrics.includes(metric);
