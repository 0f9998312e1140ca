import { z } from 'zod';
import type { Text } from '../messages/text.ts';

/**
 * The metrics a ground truth can be scored by: the one list of names, shared by the events, the
 * ground-truth upload and the console. Their definitions (formula, direction, target column) are the
 * scoring service's registry, services/scoring/src/evaluation/metrics.ts (decision 0010).
 */
export const metricNames = [
  'rmse',
  'mae',
  'r2',
  'accuracy',
  'macro_f1',
  'auc',
  'exact_match',
  'sirna',
  'threat_score',
] as const;
export type MetricName = (typeof metricNames)[number];
export const metricName = z.enum(metricNames);

/**
 * Whether a larger score is better, per metric: the one statement of each metric's direction, read by
 * the scoring service's registry, the boards' order, and the participants' own recomputation.
 */
export const metricHigherIsBetter: Record<MetricName, boolean> = {
  rmse: false,
  mae: false,
  r2: true,
  accuracy: true,
  macro_f1: true,
  auc: true,
  exact_match: true,
  sirna: true,
  threat_score: true,
};

/** Decimal places a metric's scores are shown with (console, boards): its declared precision. */
export const metricDecimals: Record<MetricName, number> = {
  rmse: 4,
  mae: 4,
  r2: 4,
  accuracy: 4,
  macro_f1: 4,
  auc: 4,
  exact_match: 4,
  sirna: 4,
  threat_score: 4,
};

/** A metric's name as participants read it (inbox notices, track descriptions). */
export const metricTitles: Record<MetricName, Text> = {
  rmse: { en: 'RMSE', 'zh-CN': 'RMSE' },
  mae: { en: 'MAE', 'zh-CN': 'MAE' },
  r2: { en: 'R²', 'zh-CN': 'R²（决定系数）' },
  accuracy: { en: 'Accuracy', 'zh-CN': '准确率' },
  macro_f1: { en: 'Macro-F1', 'zh-CN': '宏平均 F1' },
  auc: { en: 'AUC', 'zh-CN': 'AUC' },
  exact_match: { en: 'Exact-match accuracy', 'zh-CN': '精确匹配准确率' },
  sirna: { en: 'siRNA score (MAE and F1)', 'zh-CN': 'siRNA 综合得分（MAE 与 F1）' },
  threat_score: { en: 'Mean threat score', 'zh-CN': '平均 TS 评分' },
};

/** The title of a metric name in one language; an unknown name (an older event) shown as it is, upper case. */
export const metricTitle = (metric: string, language: keyof Text): string =>
  (metricTitles as Record<string, Text | undefined>)[metric]?.[language] ?? metric.toUpperCase();

/**
 * A metric's formula as a competition page shows it, with what its symbols mean: the formulas of the
 * scoring registry's doc comments (services/scoring/src/evaluation/metrics.ts), for participants. The
 * direction is the registry's, sent by `GET /api/leaderboard/metric`.
 */
export const metricFormulas: Record<MetricName, { formula: string; explanation: Text }> = {
  rmse: {
    formula: 'RMSE = √( Σᵢ (pᵢ − tᵢ)² / n )',
    explanation: {
      en: 'pᵢ is your value for the i-th test id, tᵢ the true value, n the number of ids. 0 is perfect.',
      'zh-CN': 'pᵢ 为第 i 个测试 id 的提交值，tᵢ 为真实值，n 为 id 数。0 为满分。',
    },
  },
  mae: {
    formula: 'MAE = Σᵢ |pᵢ − tᵢ| / n',
    explanation: {
      en: 'pᵢ is your value for the i-th test id, tᵢ the true value, n the number of ids. 0 is perfect.',
      'zh-CN': 'pᵢ 为第 i 个测试 id 的提交值，tᵢ 为真实值，n 为 id 数。0 为满分。',
    },
  },
  r2: {
    formula: 'R² = 1 − Σᵢ (tᵢ − pᵢ)² / Σᵢ (tᵢ − t̄)²',
    explanation: {
      en: 'pᵢ is your value for the i-th test id, tᵢ the true value, t̄ the mean of the true values. 1 is perfect, 0 is as good as always predicting the mean, and it can be negative.',
      'zh-CN':
        'pᵢ 为第 i 个测试 id 的提交值，tᵢ 为真实值，t̄ 为真实值的平均数。1 为满分，0 相当于始终预测平均数，也可能为负数。',
    },
  },
  accuracy: {
    formula: 'Accuracy = #{ i : pᵢ = tᵢ } / n',
    explanation: {
      en: 'The share of test ids whose label equals the true label (spaces around a label are ignored; case counts).',
      'zh-CN': '标签与真实标签相同的测试 id 所占比例（忽略标签首尾空白，区分大小写）。',
    },
  },
  macro_f1: {
    formula: 'Macro-F1 = mean over classes c of 2·TP_c / (2·TP_c + FP_c + FN_c)',
    explanation: {
      en: 'F1 of each label present in the truth or in your file, averaged with equal weight. 1 is perfect.',
      'zh-CN': '对真实值或提交文件中出现的每个标签分别计算 F1，再等权平均。1 为满分。',
    },
  },
  auc: {
    formula: 'AUC = ( #{ (i, j) : tᵢ = 1, tⱼ = 0, pᵢ > pⱼ } + ½ · #{ ties } ) / (P · N)',
    explanation: {
      en: 'True values are 0 or 1 and you submit a score (higher = more likely 1): the share of (positive, negative) pairs ranked the right way round, a tie counting ½. 1 is perfect, 0.5 is chance.',
      'zh-CN':
        '真实值为 0 或 1，提交值为得分（越高表示越可能为 1）：正负样本对中排序正确的比例，得分相同计 ½。1 为满分，0.5 相当于随机。',
    },
  },
  exact_match: {
    formula: 'EM = #{ i : norm(pᵢ) = norm(tᵢ) } / n',
    explanation: {
      en: 'The share of answers equal to the true answer after trimming, collapsing runs of spaces to one and Unicode NFC; case and punctuation count ("42" ≠ "42.0").',
      'zh-CN':
        '答案去除首尾空白、连续空白合并为一个空格并做字符规范化后与标准答案完全相同的比例；区分大小写和标点（“42” ≠ “42.0”）。',
    },
  },
  sirna: {
    formula: 'Score = 0.5 · (1 − min(MAE, 100) / 100) + 0.5 · F1(effective)',
    explanation: {
      en: 'Values are the % of the target mRNA remaining (0–100). An siRNA is effective below 30 %; F1 is computed on "effective" in the truth and in your file. 1 is perfect.',
      'zh-CN':
        '数值为靶标信使核糖核酸的残留百分比（0–100）。残留低于 30% 的 siRNA 视为有效，F1 按真实值与提交值中的“有效”判定计算。1 为满分。',
    },
  },
  threat_score: {
    formula:
      'TS_k = hits / (hits + misses + false alarms),  Score = mean of TS_k over k ∈ {0.1, 10, 25, 50} mm',
    explanation: {
      en: 'At each threshold a test id is an event when its 72-hour precipitation is at least the threshold; a threshold neither the truth nor your file reaches is left out of the mean. 1 is perfect.',
      'zh-CN':
        '在每个阈值下，72 小时降水量不低于该阈值的测试 id 记为事件；真实值和提交值都未达到的阈值不计入平均。1 为满分。',
    },
  },
};
