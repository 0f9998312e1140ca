/**
 * Small, deterministic datasets for the five seeded tracks: train (with target), test (without),
 * a sample submission, and the test ground truth for the scoring service. Same seed, same bytes.
 */
export interface TrackData {
  train: string;
  test: string;
  sampleSubmission: string;
  groundTruth: string;
  /** Name of the target column and how a submission is scored. */
  target: string;
  metric: 'rmse' | 'mae' | 'accuracy';
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
  const placeholder = metric === 'accuracy' ? 'A' : 0;
  return {
    target,
    metric,
    train: csv([['id', ...header, target], ...train.map((r) => [r.id, ...r.features, r.value])]),
    test: csv([['id', ...header], ...test.map((r) => [r.id, ...r.features])]),
    sampleSubmission: csv([['id', target], ...test.map((r) => [r.id, placeholder])]),
    groundTruth: csv([['id', target], ...test.map((r) => [r.id, r.value])]),
  };
}

const catalysts = ['Pd(OAc)2', 'Pd2(dba)3', 'NiCl2', 'CuI'];
const solvents = ['DMF', 'THF', 'toluene', 'dioxane'];

export const trackData: Record<string, () => TrackData> = {
  'reaction-yield': () =>
    build(101, 500, ['catalyst', 'solvent', 'temperature_c', 'equivalents'], 'yield', 'rmse', (random) => {
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
    build(202, 600, ['hour', 'load_mw', 'wind_mw', 'solar_mw'], 'price', 'mae', (random, index) => {
      const hour = index % 24;
      const load = round(20000 + 8000 * Math.sin(((hour - 6) / 24) * 2 * Math.PI) + random() * 2000, 1);
      const wind = round(random() * 6000, 1);
      const solar = round(Math.max(0, 5000 * Math.sin(((hour - 6) / 12) * Math.PI)) * random(), 1);
      const value = round(200 + (load - wind - solar) * 0.012 + (random() - 0.5) * 30, 2);
      return { features: [hour, load, wind, solar], value };
    }),
  'llm-reasoning': () =>
    build(303, 250, ['question'], 'answer', 'accuracy', (random) => {
      const a = 2 + Math.floor(random() * 40);
      const b = 2 + Math.floor(random() * 40);
      const correct = Math.floor(random() * 4);
      const options = [0, 1, 2, 3].map((i) =>
        i === correct ? a * b : a * b + (i - correct) * (1 + Math.floor(random() * 9)),
      );
      const question = `"What is ${a} times ${b}? A) ${options[0]} B) ${options[1]} C) ${options[2]} D) ${options[3]}"`;
      return { features: [question], value: 'ABCD'[correct]! };
    }),
  'sirna-efficacy': () =>
    build(404, 500, ['sirna', 'concentration_nm'], 'efficacy', 'rmse', (random) => {
      const sequence = Array.from({ length: 21 }, () => 'ACGU'[Math.floor(random() * 4)]).join('');
      const gc = [...sequence].filter((base) => base === 'G' || base === 'C').length / 21;
      const concentration = round(1 + random() * 49, 1);
      const value = round(
        Math.min(
          1,
          Math.max(
            0,
            0.9 - Math.abs(gc - 0.45) * 1.5 + Math.log10(concentration) * 0.1 + (random() - 0.5) * 0.1,
          ),
        ),
        4,
      );
      return { features: [sequence, concentration], value };
    }),
  'extreme-precipitation': () =>
    build(505, 600, ['lat', 'lon', 'humidity', 'pressure_hpa', 'cape'], 'precip_72h_mm', 'rmse', (random) => {
      const lat = round(18 + random() * 35, 2);
      const lon = round(73 + random() * 62, 2);
      const humidity = round(30 + random() * 70, 1);
      const pressure = round(990 + random() * 40, 1);
      const cape = round(random() * 3000, 0);
      const value = round(
        Math.max(0, (humidity - 50) * 1.2 + (1010 - pressure) * 1.5 + cape * 0.02 + (random() - 0.3) * 15),
        2,
      );
      return { features: [lat, lon, humidity, pressure, cape], value };
    }),
};
