/**
 * The metric registry against hand-computed values (the arithmetic is in the comments), with ties,
 * constant columns and empty splits; then whole files through loadGroundTruth and scoreSubmission.
 */
import { trackData } from '@sais/competition';
import { scoring } from '@sais/events';
import { describe, expect, it } from 'vitest';
import './refusals.ts';
import { InvalidFile } from '../src/evaluation/csv.ts';
import { UnscorableSplit } from '../src/evaluation/ground-truth.ts';
import {
  type MetricName,
  higherIsBetterMetrics,
  lowerIsBetter,
  metrics,
  normalizedAnswer,
} from '../src/evaluation/metrics.ts';
import { scoreSubmission } from '../src/evaluation/score.ts';
import { testPublicIds, testTruth } from './split-support.ts';

const score = (metric: MetricName, truth: number[], predicted: number[]) =>
  metrics[metric].score(Float64Array.from(truth), Float64Array.from(predicted));

describe('the registry', () => {
  it('defines every metric name of the events, with its direction and target', () => {
    expect(Object.keys(metrics).sort()).toEqual([...scoring.metricNames].sort());
    expect([...higherIsBetterMetrics].sort()).toEqual(
      ['accuracy', 'auc', 'exact_match', 'macro_f1', 'r2', 'sirna', 'threat_score'].sort(),
    );
    // The registry states each direction as @sais/events does (read there by the participants' own
    // recomputation; the registry keeps its own literal so the scan worker's bundle does not take in the
    // events package).
    for (const name of scoring.metricNames)
      expect(metrics[name].higherIsBetter, name).toBe(scoring.metricHigherIsBetter[name]);
    expect(lowerIsBetter('rmse')).toBe(true);
    expect(lowerIsBetter('mae')).toBe(true);
    expect(lowerIsBetter('r2')).toBe(false);
    const labels = scoring.metricNames.filter((name) => metrics[name].target === 'label');
    expect(labels).toEqual(['accuracy', 'macro_f1', 'exact_match']);
  });

  it.each(scoring.metricNames)('%s gives no score (null) for an empty split', (name) => {
    expect(score(name, [], [])).toBeNull();
  });
});

describe('mae and rmse', () => {
  it('match hand-computed values', () => {
    // errors 1, 0, 2, -4: MAE = 7 / 4; RMSE = √((1 + 0 + 4 + 16) / 4) = √5.25.
    expect(score('mae', [1, 2, 3, 4], [2, 2, 5, 0])).toBe(1.75);
    expect(score('rmse', [1, 2, 3, 4], [2, 2, 5, 0])).toBe(Math.sqrt(5.25));
    expect(score('rmse', [1], [4])).toBe(3);
  });
  it('are 0 for exact predictions of a constant column, and count a constant prediction plainly', () => {
    expect(score('mae', [3, 3, 3], [3, 3, 3])).toBe(0);
    expect(score('rmse', [3, 3, 3], [3, 3, 3])).toBe(0);
    // Predicting 0 for 1, 2, 3: MAE = 6 / 3 = 2; RMSE = √(14 / 3).
    expect(score('mae', [1, 2, 3], [0, 0, 0])).toBe(2);
    expect(score('rmse', [1, 2, 3], [0, 0, 0])).toBe(Math.sqrt(14 / 3));
  });
});

describe('r2', () => {
  it('is 1 − SS_res / SS_tot', () => {
    // mean 2.5, SS_tot = 2.25 + 0.25 + 0.25 + 2.25 = 5; SS_res = 1: R² = 1 − 1/5.
    expect(score('r2', [1, 2, 3, 4], [1, 2, 3, 5])).toBeCloseTo(0.8, 15);
    // Predicting the mean: 0. Reversed: SS_res = 9 + 1 + 1 + 9 = 20, R² = 1 − 4 = −3.
    expect(score('r2', [1, 2, 3, 4], [2.5, 2.5, 2.5, 2.5])).toBe(0);
    expect(score('r2', [1, 2, 3, 4], [4, 3, 2, 1])).toBe(-3);
    expect(score('r2', [1, 2, 3, 4], [1, 2, 3, 4])).toBe(1);
  });
  it('is 1 for exact predictions of a constant column and 0 otherwise (force_finite)', () => {
    expect(score('r2', [2, 2, 2], [2, 2, 2])).toBe(1);
    expect(score('r2', [2, 2, 2], [2, 2, 3])).toBe(0);
    expect(score('r2', [5], [5])).toBe(1);
    expect(score('r2', [5], [4])).toBe(0);
    // 0.1 three times: constant exactly, though its mean in floating point is not 0.1.
    expect(score('r2', [0.1, 0.1, 0.1], [0.1, 0.1, 0.1])).toBe(1);
  });
});

describe('accuracy and exact_match (label codes)', () => {
  it('is the share of equal codes', () => {
    // Right at 0 and 1; 3 is a label only the submission has.
    expect(score('accuracy', [0, 1, 2, 0], [0, 1, 0, 3])).toBe(0.5);
    expect(score('exact_match', [0, 1, 2, 0], [0, 1, 0, 3])).toBe(0.5);
    expect(score('accuracy', [4, 4, 4], [4, 4, 4])).toBe(1);
    expect(score('accuracy', [4, 4, 4], [5, 5, 5])).toBe(0);
  });
  it('exact_match compares answers trimmed, with whitespace collapsed, NFC, case-sensitive', () => {
    expect(normalizedAnswer('  42 \t')).toBe('42');
    expect(normalizedAnswer('New \t  York')).toBe('New York');
    expect(normalizedAnswer('cafe\u0301')).toBe('caf\u00e9');
    expect(normalizedAnswer('Paris')).not.toBe(normalizedAnswer('paris'));
    expect(normalizedAnswer('42')).not.toBe(normalizedAnswer('42.0'));
  });
});

describe('macro_f1', () => {
  it('averages F1 over the classes in truth or predictions', () => {
    // truth 0 0 1 1 2, predicted 0 1 1 1 3:
    // class 0: TP 1, FN 1 → 2/3; class 1: TP 2, FP 1 → 4/5; class 2: FN 1 → 0; class 3: FP 1 → 0.
    // (2/3 + 4/5 + 0 + 0) / 4 = 11/30.
    expect(score('macro_f1', [0, 0, 1, 1, 2], [0, 1, 1, 1, 3])).toBeCloseTo(11 / 30, 15);
  });
  it('leaves out classes the split has in neither column', () => {
    // Codes 0 and 1 exist in the ground truth but not here: only class 2 counts.
    expect(score('macro_f1', [2, 2], [2, 2])).toBe(1);
    // truth 2 2 3, predicted 2 3 3: class 2: TP 1, FN 1 → 2/3; class 3: TP 1, FP 1 → 2/3.
    expect(score('macro_f1', [2, 2, 3], [2, 3, 3])).toBeCloseTo(2 / 3, 15);
  });
  it('handles constant columns', () => {
    expect(score('macro_f1', [0, 0, 0], [0, 0, 0])).toBe(1);
    // Class 0: FN 3 → 0; class 1: FP 3 → 0.
    expect(score('macro_f1', [0, 0, 0], [1, 1, 1])).toBe(0);
    // Class 0: TP 2, FP 1 → 4/5; class 1: FN 1 → 0.
    expect(score('macro_f1', [0, 0, 1], [0, 0, 0])).toBeCloseTo(0.4, 15);
  });
});

describe('auc', () => {
  it('is the share of positive–negative pairs ranked right', () => {
    // Positives 0.35, 0.8; negatives 0.1, 0.4: 0.35 beats 0.1 only, 0.8 beats both: 3/4.
    expect(score('auc', [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])).toBe(0.75);
    expect(score('auc', [0, 0, 1, 1], [1, 2, 3, 4])).toBe(1);
    expect(score('auc', [0, 0, 1, 1], [4, 3, 2, 1])).toBe(0);
  });
  it('counts a tie as ½', () => {
    // Positives 0.5, 0.9; negatives 0.5, 0.2: (½ + 1) + (1 + 1) = 3.5 of 4 pairs.
    expect(score('auc', [0, 1, 0, 1], [0.5, 0.5, 0.2, 0.9])).toBe(0.875);
    // Equal scores everywhere: every pair a tie.
    expect(score('auc', [0, 1, 1, 0, 1], [7, 7, 7, 7, 7])).toBe(0.5);
    // Positives 1, 1 tied with the negative 1, above 0, below 2: each ½ + 1 = 1.5; 3 of 6 pairs.
    expect(score('auc', [1, 1, 0, 0, 0], [1, 1, 1, 0, 2])).toBe(0.5);
    // -0 and 0 are the same score.
    expect(score('auc', [1, 0], [0, -0])).toBe(0.5);
  });
  it('is undefined (null) with one class only', () => {
    expect(score('auc', [1, 1, 1], [0.1, 0.2, 0.3])).toBeNull();
    expect(score('auc', [0], [0.5])).toBeNull();
    expect(metrics.auc.refuseSplit(Float64Array.from([0, 0]))).toMatch(/only negatives/);
    expect(metrics.auc.refuseSplit(Float64Array.from([0, 1]))).toBeNull();
  });
});

describe('sirna', () => {
  it('is 0.5 · (1 − min(MAE, 100) / 100) + 0.5 · F1 of "effective" (< 30)', () => {
    // MAE = (10 + 10 + 20 + 10) / 4 = 12.5. Effective: truth 10, 20; predicted 20 only:
    // TP 1, FN 1 → F1 = 2/3. 0.5 · 0.875 + 0.5 · 2/3 = 37/48.
    expect(score('sirna', [10, 50, 20, 80], [20, 40, 40, 90])).toBeCloseTo(37 / 48, 15);
    expect(score('sirna', [10, 50, 20, 80], [10, 50, 20, 80])).toBe(1);
  });
  it('takes F1 = 1 when neither side calls any siRNA effective', () => {
    // MAE = 2.5: 0.5 · 0.975 + 0.5.
    expect(score('sirna', [50, 60], [55, 60])).toBeCloseTo(0.9875, 15);
  });
  it('caps the MAE at 100 and counts exactly 30 as not effective', () => {
    // MAE 250 → 100; truth effective, prediction not: F1 0.
    expect(score('sirna', [0], [250])).toBe(0);
    // 29.9 is effective, 30 is not: FP 1, F1 0; MAE 0.1: 0.5 · 0.999.
    expect(score('sirna', [30], [29.9])).toBeCloseTo(0.4995, 12);
  });
  it('handles constant columns', () => {
    expect(score('sirna', [20, 20, 20], [20, 20, 20])).toBe(1);
    // MAE 50; all effective in truth, none predicted: F1 0.
    expect(score('sirna', [20, 20], [70, 70])).toBe(0.25);
  });
});

describe('threat_score', () => {
  it('averages hits / (hits + misses + false alarms) over 0.1, 10, 25 and 50 mm', () => {
    // truth 0 5 12 30 60, predicted 0.2 0 15 20 55:
    // ≥ 0.1: hits 3, miss 1 (5), false alarm 1 (0.2) → 3/5; ≥ 10: hits 3 → 1;
    // ≥ 25: hit 1, miss 1 (30 vs 20) → 1/2; ≥ 50: hit 1 → 1. Mean (0.6 + 1 + 0.5 + 1) / 4.
    expect(score('threat_score', [0, 5, 12, 30, 60], [0.2, 0, 15, 20, 55])).toBeCloseTo(0.775, 15);
  });
  it('leaves out thresholds neither side reaches, and counts a value equal to a threshold', () => {
    // Only 0.1 and 10 mm are reached: both hit → 1.
    expect(score('threat_score', [0, 12], [0, 11])).toBe(1);
    // 0.1 mm hit → 1; 10 mm missed → 0: 0.5.
    expect(score('threat_score', [0, 12], [0, 9])).toBe(0.5);
    // Exactly 10 mm reaches 10 mm.
    expect(score('threat_score', [10], [10])).toBe(1);
  });
  it('is 1 for a dry split forecast dry, 0 for a false alarm on a dry split (constant columns)', () => {
    expect(score('threat_score', [0, 0, 0], [0, 0, 0])).toBe(1);
    expect(score('threat_score', [0, 0], [0, 0.1])).toBe(0);
    // 30 mm everywhere, forecast 30: thresholds up to 25 hit, 50 left out.
    expect(score('threat_score', [30, 30], [30, 30])).toBe(1);
  });
});

describe('whole files', () => {
  // With a 50 % share, ids 1 and 2 are public, 3 and 4 private.
  const part = (id: string) => (testPublicIds(['1', '2', '3', '4']).has(id) ? 'public' : 'private');
  it('splits ids 1, 2 public and 3, 4 private (what the cases below assume)', () => {
    expect(['1', '2', '3', '4'].map(part)).toEqual(['public', 'public', 'private', 'private']);
  });
  const run = (metric: MetricName, truth: string, file: string) =>
    scoreSubmission(Buffer.from(file), testTruth(Buffer.from(truth), metric, 50));

  it('scores r2 per part', () => {
    // Public: truth 1, 2, predicted 1.5, 2: SS_tot 0.5, SS_res 0.25 → 0.5. Private: truth 3, 3 → constant.
    const truth = 'id,yield\n1,1\n2,2\n3,3\n4,3\n';
    expect(run('r2', truth, 'id,yield\n4,3\n3,3\n2,2\n1,1.5\n')).toEqual({
      publicScore: 0.5,
      privateScore: 1,
      rows: 4,
    });
    expect(run('r2', truth, 'id,yield\n4,3\n3,2.5e0\n2,2\n1,1.5\n').privateScore).toBe(0);
  });

  it('scores exact_match with normalised answers and macro_f1 with labels the truth does not have', () => {
    const truth = 'id,answer\n1,New York\n2,42\n3,caf\u00e9\n4,B\n';
    // Public: "New  York " matches, "42.0" does not → 1/2. Private: NFD café matches, "b" does not → 1/2.
    const file = 'id,answer\n1,New  York \n2,42.0\n3,cafe\u0301\n4,b\n';
    expect(run('exact_match', truth, file)).toEqual({ publicScore: 0.5, privateScore: 0.5, rows: 4 });
    // accuracy only trims: "New  York" keeps its double space, NFD café ≠ NFC café, b ≠ B: 0 and 0.
    expect(run('accuracy', truth, file)).toEqual({ publicScore: 0, privateScore: 0, rows: 4 });
    // Macro-F1, private: truth café, B; predicted café, x (x new): café 1, B 0, x 0 → 1/3.
    const labels = 'id,label\n1,A\n2,A\n3,café\n4,B\n';
    expect(run('macro_f1', labels, 'id,label\n1,A\n2,B\n3,café\n4,x\n')).toEqual({
      // Public: truth A, A; predicted A, B: A: TP 1, FN 1 → 2/3; B: FP 1 → 0 → 1/3.
      publicScore: 1 / 3,
      privateScore: 1 / 3,
      rows: 4,
    });
  });

  it('scores auc, sirna and threat_score per part', () => {
    // Public: negative 1 (0.2) below positive 2 (0.7) → 1. Private: positive 3 and negative 4 tie → ½.
    expect(run('auc', 'id,y\n1,0\n2,1\n3,1\n4,0\n', 'id,y\n1,0.2\n2,0.7\n3,0.1\n4,0.1\n')).toEqual({
      publicScore: 1,
      privateScore: 0.5,
      rows: 4,
    });
    // Public: exact → 1. Private: MAE 10, truth 20 effective, predicted 40 not → F1 0: 0.45.
    expect(run('sirna', 'id,y\n1,10\n2,80\n3,20\n4,90\n', 'id,y\n1,10\n2,80\n3,40\n4,90\n')).toEqual({
      publicScore: 1,
      privateScore: 0.45,
      rows: 4,
    });
    // Public dry, forecast dry → 1. Private 12 mm forecast 9 mm: 0.1 hit, 10 missed → ½.
    expect(run('threat_score', 'id,y\n1,0\n2,0\n3,12\n4,0\n', 'id,y\n1,0\n2,0\n3,9\n4,0\n')).toEqual({
      publicScore: 1,
      privateScore: 0.5,
      rows: 4,
    });
  });

  it('validates rows as before for label metrics', () => {
    const truth = testTruth(Buffer.from('id,answer\n1,A\n2,B\n3,C\n4,D\n'), 'exact_match', 50);
    expect(() => scoreSubmission(Buffer.from('id,answer\n1,A\n2, \n3,C\n4,D\n'), truth)).toRefuse(
      'Line 3, column answer: the value is empty.',
    );
    expect(() => scoreSubmission(Buffer.from('id,answer\n1,A\n1,A\n3,C\n4,D\n'), truth)).toRefuse(
      'Line 3, column id: "1" appears twice (duplicate id).',
    );
    expect(() => scoreSubmission(Buffer.from('id,answer\n1,A\n3,C\n4,D\n'), truth)).toRefuse(
      '1 test id(s) are missing (missing ids), e.g. "2".',
    );
  });
});

describe('ground truths a metric cannot score', () => {
  const load = (metric: MetricName, text: string, publicPercent = 50) =>
    testTruth(Buffer.from(text), metric, publicPercent);
  it('refuses an empty part (every metric)', () => {
    const text = 'id,y\n1,1\n2,2\n3,3\n4,4\n';
    expect(() => load('rmse', text, 100)).toThrow(UnscorableSplit);
    expect(() => load('rmse', text, 100)).toThrow(
      'The private part of the ground truth is empty (4 rows, 4 public): both parts need rows to be scored.',
    );
    expect(() => load('r2', text, 0)).toThrow('The public part of the ground truth is empty');
    // One row is always one part only.
    expect(() => load('mae', 'id,y\n1,1\n')).toThrow(UnscorableSplit);
  });
  it('refuses AUC with one class in a part, and true values other than 0 and 1', () => {
    expect(() => load('auc', 'id,y\n1,0\n2,1\n3,1\n4,1\n')).toThrow(
      'The private part of the ground truth has only positives (1): AUC needs both classes.',
    );
    const notBinary = () => load('auc', 'id,y\n1,0\n2,0.5\n3,1\n4,0\n');
    expect(notBinary).toThrow(
      'Ground truth line 3: the auc metric needs 0 or 1 as the true value, found "0.5".',
    );
    expect(notBinary).toThrow(InvalidFile);
    expect(notBinary).not.toThrow(UnscorableSplit);
  });
});

describe('the seeded tracks', () => {
  it.each(Object.keys(trackData))(
    '%s: the ground truth loads with its metric and the sample scores',
    (slug) => {
      const track = trackData[slug]!();
      const truth = testTruth(Buffer.from(track.groundTruth), track.metric, 50);
      const scores = scoreSubmission(Buffer.from(track.sampleSubmission), truth);
      expect(scores.rows).toBe(truth.rows);
      expect(Number.isFinite(scores.publicScore) && Number.isFinite(scores.privateScore)).toBe(true);
      // The ground truth scored against itself is perfect.
      const perfect = scoreSubmission(Buffer.from(track.groundTruth), truth);
      const best = metrics[track.metric].higherIsBetter ? 1 : 0;
      expect([perfect.publicScore, perfect.privateScore]).toEqual([best, best]);
    },
  );
});
