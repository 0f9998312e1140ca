/**
 * The byte-level scorer (fast path for `<integer id>,<plain decimal>` rows, batched lookups, general
 * path for everything else) against a plain string reference written from the rules, on random files
 * with random defects (RMSE, MAE and R², scores equal to the last bit); and number parsing against `Number()`.
 */
import { describe, expect, it } from 'vitest';
import { parseNumber } from '../src/evaluation/csv.ts';
import { type GroundTruth, isPublicId, loadGroundTruth } from '../src/evaluation/ground-truth.ts';
import { scoreSubmission } from '../src/evaluation/score.ts';
import { seededRandom as random } from './random.ts';

type Random = ReturnType<typeof random>;
const pick = <T>(next: Random, items: readonly T[]) => items[Math.floor(next() * items.length)]!;
const digits = (next: Random, count: number) =>
  Array.from({ length: count }, () => String(Math.floor(next() * 10))).join('');

/** Number texts of every shape: plain, long, leading zeros, signs, exponents, spaces, junk. */
function numberText(next: Random): string {
  const mantissa = () => {
    const whole = digits(next, Math.floor(next() * 12));
    const shape = next();
    if (shape < 0.4) return `${whole}.${digits(next, Math.floor(next() * 12))}`;
    if (shape < 0.5) return `${whole}.`;
    if (shape < 0.6) return `.${digits(next, 1 + Math.floor(next() * 20))}`;
    if (shape < 0.7) return digits(next, 14 + Math.floor(next() * 10)); // around the 15-digit limit
    return whole || '0';
  };
  let text = `${pick(next, ['', '', '-', '+'])}${mantissa()}`;
  if (next() < 0.15)
    text += `${pick(next, ['e', 'E'])}${pick(next, ['', '-', '+'])}${digits(next, 1 + Math.floor(next() * 3))}`;
  if (next() < 0.05) text = pick(next, [' ', '  ']) + text + pick(next, ['', ' ']);
  if (next() < 0.05)
    text = pick(next, ['NaN', 'nan', 'Infinity', '-inf', '1e999', '0x1F', 'abc', '1.2.3', '--1', '\t5', '']);
  return text;
}

describe('parseNumber', () => {
  it('equals Number() on random texts (exponents, signs, leading zeros, many digits)', () => {
    const next = random(7);
    for (let n = 0; n < 50_000; n++) {
      const text = numberText(next);
      const bytes = Buffer.from(`,${text}\n`);
      const expected = text.trim() === '' || !Number.isFinite(Number(text)) ? Number.NaN : Number(text);
      const got = parseNumber(bytes, 1, bytes.length - 1);
      if (!Object.is(got, expected)) expect({ text, got }).toEqual({ text, got: expected });
    }
  });

  it('reads 15-digit decimals exactly', () => {
    for (const text of ['999999999999999', '0.000000000000001', '-123456789.012345', '1.5', '-0.0', '007.50'])
      expect(Object.is(parseNumber(Buffer.from(text), 0, text.length), Number(text))).toBe(true);
  });
});

interface TruthRow {
  value: number;
  isPublic: boolean;
}

type Metric = 'rmse' | 'mae' | 'r2';

/** A split's score, written plainly from the definitions (sums in the ground truth's row order). */
function plainScore(metric: Metric, pairs: { t: number; p: number }[]): number {
  const sum = (of: (pair: { t: number; p: number }) => number) => pairs.reduce((s, pair) => s + of(pair), 0);
  if (metric === 'mae') return sum(({ t, p }) => Math.abs(p - t)) / pairs.length;
  if (metric === 'rmse') return Math.sqrt(sum(({ t, p }) => (p - t) ** 2) / pairs.length);
  const residual = sum(({ t, p }) => (t - p) ** 2);
  if (pairs.every(({ t }) => t === pairs[0]!.t)) return residual === 0 ? 1 : 0;
  const mean = sum(({ t }) => t) / pairs.length;
  return 1 - residual / sum(({ t }) => (t - mean) ** 2);
}

/** The rules, written plainly with strings: the first problem in file order, or the scores. */
function reference(csv: string, truth: Map<string, TruthRow>, metric: Metric): string | object {
  const body = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  const lines = body.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  if (lines.length === 0) return 'The file is empty.';
  if (lines[0]!.trim() !== 'id,y') return `Line 1: the header must be "id,y", found "${lines[0]!.trim()}".`;
  const seen = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const columns = lines[i]!.split(',');
    if (columns.length !== 2) return `Line ${i + 1}: expected 2 columns (id,y).`;
    const [id, raw] = columns as [string, string];
    if (id === '') return `Line ${i + 1}, column id: the id is empty.`;
    const row = truth.get(id);
    if (!row) return `Line ${i + 1}, column id: "${id}" is not a test id (extra id).`;
    if (seen.has(id)) return `Line ${i + 1}, column id: "${id}" appears twice (duplicate id).`;
    const spaced = raw.replace(/^ +| +$/g, '');
    const value = Number(spaced);
    if (spaced === '' || !Number.isFinite(value)) {
      const shown = raw.trim();
      const what =
        shown === ''
          ? 'the value is empty'
          : /^[+-]?(nan|inf(inity)?)$/i.test(shown)
            ? `"${shown}" is not a finite number (NaN)`
            : `"${shown}" is not a number`;
      return `Line ${i + 1}, column y: ${what}.`;
    }
    seen.set(id, value);
  }
  const missing = [...truth.keys()].filter((id) => !seen.has(id));
  if (missing.length > 0) return `${missing.length} test id(s) are missing (missing ids)`;
  const part = (isPublic: boolean) =>
    [...truth]
      .filter(([, row]) => row.isPublic === isPublic)
      .map(([id, row]) => ({ t: row.value, p: seen.get(id)! }));
  return {
    publicScore: plainScore(metric, part(true)),
    privateScore: plainScore(metric, part(false)),
    rows: lines.length - 1,
  };
}

function outcome(csv: string, truth: GroundTruth): string | object {
  try {
    return scoreSubmission(Buffer.from(csv), truth);
  } catch (error) {
    const message = (error as Error).message;
    // The example of a missing id depends on the index order; the count and kind do not.
    return message.replace(/, e\.g\. ".*"\.$/, '');
  }
}

/** A ground truth of `rows` integer ids from `base` (with `sparse`, one far id forces the hash index). */
function truthOf(next: Random, rows: number, base: number, sparse: boolean) {
  const ids = Array.from({ length: rows }, (_, i) => String(base + i));
  if (sparse) ids[rows - 1] = String(base + rows * 10);
  const map = new Map<string, TruthRow>();
  const lines = ['id,y'];
  for (const id of ids) {
    const text =
      next() < 0.1 ? `${digits(next, 2)}e-1` : (next() * 1000 - 500).toFixed(Math.floor(next() * 5));
    map.set(id, { value: Number(text), isPublic: isPublicId(Buffer.from(id), 0, id.length, 50) });
    lines.push(`${id},${text}`);
  }
  return { ids, map, csv: lines.join('\n') };
}

/** A number text `Number()` accepts (any spelling). */
function validNumberText(next: Random): string {
  for (;;) {
    const text = numberText(next);
    if (text.trim() !== '' && Number.isFinite(Number(text))) return text;
  }
}

/**
 * A submission for those ids, shuffled, with random spellings and `defects` random defects placed from
 * row `from` on; with `wild`, values of any shape (many invalid), else only valid ones.
 */
function submissionOf(next: Random, ids: readonly string[], defects: number, from: number, wild: boolean) {
  const rows = ids.map((id) => [id, wild ? numberText(next) : validNumberText(next)]);
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  for (let i = 0; i < rows.length; i++) if (next() < 0.7) rows[i]![1] = (next() * 1000 - 500).toFixed(3);
  for (let d = 0; d < defects; d++) {
    const at = from + Math.floor(next() * (rows.length - from));
    const kind = Math.floor(next() * 9);
    if (kind === 0)
      rows.splice(at, 1); // missing id
    else if (kind === 1)
      rows.splice(at, 0, [rows[Math.floor(next() * rows.length)]![0]!, '1']); // duplicate
    else if (kind === 2)
      rows.splice(at, 0, [pick(next, ['-1', '999999999', '0012', '+5', ' 7', 'x', '1e2']), '1']);
    else if (kind === 3)
      rows[at] = [rows[at]![0]!, `${rows[at]![1]},1`]; // three columns
    else if (kind === 4) rows[at] = ['', '1'];
    else if (kind === 5)
      rows.splice(at, 0, ['', '']); // a blank line
    else if (kind === 6) rows[at] = [rows[at]![0]!, pick(next, ['NaN', 'inf', 'abc', '', '1,5'])];
    else if (kind === 7)
      rows[at] = [rows[at]![0]!, `${rows[at]![1]}\r`]; // a CRLF line
    else rows[at] = [rows[at]![0]!, `${rows[at]![1]}e0`];
  }
  const lines = rows.map(([id, value]) => (id === '' && value === '' ? '' : `${id},${value}`));
  const start = pick(next, ['', '\uFEFF']);
  const end = pick(next, ['', '\n', '\n\n', '\r\n', '\n\r\n']);
  return `${start}id,y\n${lines.join('\n')}${end}`;
}

describe('the scorer against a plain reference', () => {
  // Batches hold 4,096 rows: defects in the big files fall from row 4,500 on, after valid rows.
  it.each([
    ['dense ids (direct index), small files', 400, 30, 0, false],
    ['sparse ids (hash index), small files', 300, 30, 5, true],
    ['dense ids, files across several batches', 16, 9_000, 1_000, false],
    ['sparse ids, files across several batches', 6, 9_000, 0, true],
  ])('%s', (_name, files, rows, base, sparse) => {
    const big = rows > 4_096;
    const next = random(files * rows + base);
    for (let f = 0; f < files; f++) {
      const truth = truthOf(next, rows, base, sparse);
      const metric = pick(next, ['rmse', 'mae', 'r2'] as const);
      const loaded = loadGroundTruth(Buffer.from(truth.csv), metric, 50);
      expect(loaded.direct).toBe(!sparse);
      const defects = f % 4 === 0 ? 0 : 1 + Math.floor(next() * 3);
      const csv = submissionOf(next, truth.ids, defects, big ? 4_500 : 0, !big);
      const got = outcome(csv, loaded);
      const expected = reference(csv, truth.map, metric);
      if (JSON.stringify(got) !== JSON.stringify(expected))
        expect({ csv, got }).toEqual({ csv, got: expected });
    }
  });
});
