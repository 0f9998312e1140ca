import type { Language, scoring } from '@sais/events';

type Text = Record<Language, string>;

/**
 * Small, deterministic datasets for the five seeded tracks: train (with target), test (without),
 * a sample submission, and the test ground truth for the scoring service. Same seed, same bytes.
 * Each track has its own metric (decision 0010): yield R², power price RMSE, reasoning exact match,
 * siRNA the composite of MAE and F1 (% mRNA remaining), precipitation the mean threat score (mm).
 */
export interface TrackData {
  train: string;
  test: string;
  sampleSubmission: string;
  groundTruth: string;
  /** Name of the target column and how a submission is scored. */
  target: string;
  metric: scoring.MetricName;
  /** How the metric reads in the track's description (after "scored by" / "评测指标："). */
  scoredBy: Text;
}

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const csv = (rows: (string | number)[][]) => rows.map((row) => row.join(',')).join('\n') + '\n';
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

function build(
  seed: number,
  rows: number,
  header: string[],
  target: string,
  metric: TrackData['metric'],
  scoredBy: Text,
  row: (random: () => number, index: number) => { features: (string | number)[]; value: string | number },
): TrackData {
  const random = prng(seed);
  const all = Array.from({ length: rows }, (_, index) => ({
    id: `${seed}${String(index).padStart(5, '0')}`,
    ...row(random, index),
  }));
  const cut = Math.floor(rows * 0.8);
  const train = all.slice(0, cut);
  const test = all.slice(cut);
  const placeholder = metric === 'exact_match' ? '0' : 0;
  return {
    target,
    metric,
    scoredBy,
    train: csv([['id', ...header, target], ...train.map((r) => [r.id, ...r.features, r.value])]),
    test: csv([['id', ...header], ...test.map((r) => [r.id, ...r.features])]),
    sampleSubmission: csv([['id', target], ...test.map((r) => [r.id, placeholder])]),
    groundTruth: csv([['id', target], ...test.map((r) => [r.id, r.value])]),
  };
}

const r2 = {
  en: 'R² (coefficient of determination; higher is better)',
  'zh-CN': 'R²（决定系数，越高越好）',
};
const rmse = {
  en: 'RMSE (root mean squared error; lower is better)',
  'zh-CN': 'RMSE（均方根误差，越低越好）',
};
const exactMatch = {
  en: 'exact-match accuracy (answers compared after trimming and collapsing spaces, case-sensitive; higher is better)',
  'zh-CN': '精确匹配准确率（答案去除首尾空白、合并连续空白后逐字比较，区分大小写；越高越好）',
};
const sirna = {
  en: '0.5 × (1 − MAE/100) + 0.5 × F1 of the effective siRNAs (less than 30 % mRNA remaining); higher is better',
  'zh-CN': '0.5 ×（1 − MAE/100）+ 0.5 × 有效 siRNA（mRNA 残留低于 30%）的 F1，越高越好',
};
const threatScore = {
  en: 'the mean threat score (TS) at 0.1, 10, 25 and 50 mm (higher is better)',
  'zh-CN': '0.1、10、25、50 毫米四个阈值的 TS 评分平均值（越高越好）',
};

const catalysts = ['Pd(OAc)2', 'Pd2(dba)3', 'NiCl2', 'CuI'];
const solvents = ['DMF', 'THF', 'toluene', 'dioxane'];

export const trackData: Record<string, () => TrackData> = {
  'reaction-yield': () =>
    build(101, 500, ['catalyst', 'solvent', 'temperature_c', 'equivalents'], 'yield', 'r2', r2, (random) => {
      const catalyst = Math.floor(random() * catalysts.length);
      const solvent = Math.floor(random() * solvents.length);
      const temperature = round(40 + random() * 80, 1);
      const equivalents = round(0.5 + random() * 2, 2);
      const value = Math.min(
        100,
        Math.max(
          0,
          20 +
            catalyst * 12 +
            solvent * 5 +
            (temperature - 40) * 0.4 +
            equivalents * 6 +
            (random() - 0.5) * 10,
        ),
      );
      return {
        features: [catalysts[catalyst]!, solvents[solvent]!, temperature, equivalents],
        value: round(value, 2),
      };
    }),
  'power-price': () =>
    build(202, 600, ['hour', 'load_mw', 'wind_mw', 'solar_mw'], 'price', 'rmse', rmse, (random, index) => {
      const hour = index % 24;
      const load = round(20000 + 8000 * Math.sin(((hour - 6) / 24) * 2 * Math.PI) + random() * 2000, 1);
      const wind = round(random() * 6000, 1);
      const solar = round(Math.max(0, 5000 * Math.sin(((hour - 6) / 12) * Math.PI)) * random(), 1);
      const value = round(200 + (load - wind - solar) * 0.012 + (random() - 0.5) * 30, 2);
      return { features: [hour, load, wind, solar], value };
    }),
  // Free-form answers, scored by exact match (trimmed, whitespace collapsed, case-sensitive).
  'llm-reasoning': () =>
    build(303, 250, ['question'], 'answer', 'exact_match', exactMatch, (random) => {
      const a = 2 + Math.floor(random() * 40);
      const b = 2 + Math.floor(random() * 40);
      const c = 1 + Math.floor(random() * 9);
      const question = `"A crate holds ${a} rows of ${b} bottles and ${c} bottles are broken. How many whole bottles are there? Answer with the number only."`;
      return { features: [question], value: a * b - c };
    }),
  // The target is the % of the target mRNA remaining after silencing (0–100; below 30 is "effective").
  'sirna-efficacy': () =>
    build(404, 500, ['sirna', 'concentration_nm'], 'mrna_remaining_pct', 'sirna', sirna, (random) => {
      const sequence = Array.from({ length: 21 }, () => 'ACGU'[Math.floor(random() * 4)]).join('');
      const gc = [...sequence].filter((base) => base === 'G' || base === 'C').length / 21;
      const concentration = round(1 + random() * 49, 1);
      const silenced =
        0.65 - Math.abs(gc - 0.45) * 1.5 + Math.log10(concentration) * 0.12 + (random() - 0.5) * 0.3;
      const value = round(Math.min(100, Math.max(0, 100 * (1 - silenced))), 2);
      return { features: [sequence, concentration], value };
    }),
  'extreme-precipitation': () =>
    build(
      505,
      600,
      ['lat', 'lon', 'humidity', 'pressure_hpa', 'cape'],
      'precip_72h_mm',
      'threat_score',
      threatScore,
      (random) => {
        const lat = round(18 + random() * 35, 2);
        const lon = round(73 + random() * 62, 2);
        const humidity = round(30 + random() * 70, 1);
        const pressure = round(990 + random() * 40, 1);
        const cape = round(random() * 3000, 0);
        const value = round(
          Math.max(
            0,
            (humidity - 50) * 1.2 + (1010 - pressure) * 1.5 + cape * 0.02 + (random() - 0.3) * 15 - 20,
          ),
          2,
        );
        return { features: [lat, lon, humidity, pressure, cape], value };
      },
    ),
};
