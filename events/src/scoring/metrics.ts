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
