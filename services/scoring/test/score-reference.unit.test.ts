/**
 * The byte-level scorer (fast paths for `<id>,<plain decimal>` rows, batched lookups, general path for
 * everything else, quoted fields) against a plain string reference written from the rules, on random
 * files with random defects — integer ids, text ids with commas, quotes, spaces and UTF-8, UUIDs, text
 * ids whose hashes are equal (one of a pair no test id) — with
 * the ground truth read from its CSV and from its stored form (RMSE, MAE and R², scores equal to the last
 * bit); and number parsing against `Number()`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fnv1a, parseNumber } from '../src/evaluation/csv.ts';
import type { GroundTruth } from '../src/evaluation/ground-truth.ts';
import { finiteScore } from '../src/evaluation/metrics.ts';
import { scoreSubmission } from '../src/evaluation/score.ts';
import { refusalText } from './refusals.ts';
import { type ParallelOptions, scanCounts, startScanPool } from '../src/evaluation/scan-pool.ts';
import { truthCounts } from '../src/evaluation/truth-parallel.ts';
import { inSharedMemory } from '../src/evaluation/shared-memory.ts';
import { decodeTruthForm, encodeTruthForm } from '../src/evaluation/truth-form.ts';
import { seededRandom as random } from './random.ts';
import { testPublicIds, testTruth } from './split-support.ts';

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

/**
 * The first two fields of a line as RFC 4180 reads them (a field starting with a quote runs to its
 * closing quote, `""` inside being one quote; any other field runs to the next comma), or what is wrong.
 */
function twoFields(line: string): [string, string] | 'columns' | 'unclosed' | 'after quote' {
  const field = (at: number): { value: string; next: number } | 'unclosed' | 'after quote' => {
    if (line[at] !== '"') {
      const comma = line.indexOf(',', at);
      return comma === -1
        ? { value: line.slice(at), next: line.length }
        : { value: line.slice(at, comma), next: comma };
    }
    let value = '';
    for (let i = at + 1; i < line.length; i++) {
      if (line[i] !== '"') value += line[i];
      else if (line[i + 1] === '"') value += line[i++];
      else if (i + 1 === line.length || line[i + 1] === ',') return { value, next: i + 1 };
      else return 'after quote';
    }
    return 'unclosed';
  };
  const id = field(0);
  if (typeof id === 'string') return id;
  if (id.next === line.length) return 'columns';
  const value = field(id.next + 1);
  if (typeof value === 'string') return value;
  return value.next === line.length ? [id.value, value.value] : 'columns';
}

const problems = {
  columns: 'expected 2 columns (id,y).',
  unclosed: 'a quoted field is not closed on its line (a line break inside quotes is not supported).',
  'after quote': 'text after the closing quote of a field (a quote inside a quoted field is written "").',
};

/** The rules, written plainly with strings: the first problem in file order, or the scores. */
function reference(csv: string, truth: Map<string, TruthRow>, metric: Metric): string | object {
  const body = csv.startsWith('\uFEFF') ? csv.slice(1) : csv;
  const lines = body.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  if (lines.length === 0) return 'The file is empty.';
  const header = twoFields(lines[0]!);
  if (lines[0]!.trim() !== 'id,y' && (typeof header === 'string' || header.join() !== 'id,y'))
    return `Line 1: the header must be "id,y", found "${lines[0]!.trim()}".`;
  const seen = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const columns = twoFields(lines[i]!);
    if (typeof columns === 'string') return `Line ${i + 1}: ${problems[columns]}`;
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
    // As recorded: a score that leaves the doubles is the worst finite one (finiteScore).
    publicScore: finiteScore(plainScore(metric, part(true)), metric === 'r2'),
    privateScore: finiteScore(plainScore(metric, part(false)), metric === 'r2'),
    rows: lines.length - 1,
  };
}

/**
 * The scan pool cutting even small files into chunks of a few lines (tiny chunks: many cuts, next to
 * quoted ids, CRLF, blank lines and the file's end), the file in ordinary or in shared memory.
 */
const threads = (csv: string) => ({ minBytes: 0, chunkBytes: csv.length > 20_000 ? 1_500 : 48 });

function outcome(csv: string, truth: GroundTruth, options?: ParallelOptions, share = false): string | object {
  try {
    const bytes = Buffer.from(csv);
    return scoreSubmission(share ? inSharedMemory(new Uint8Array(bytes)) : bytes, truth, options);
  } catch (error) {
    // The refusal's key and parameters, as the reference writes them: its English text.
    const message = refusalText(error);
    // The example of a missing id depends on the index order; the count and kind do not.
    return message.replace(/, e\.g\. ".*"\.$/, '');
  }
}

type IdKind = 'dense' | 'sparse' | 'text' | 'uuid' | 'colliding';

/**
 * Ids whose FNV-1a hashes are equal, in pairs (found by a birthday search over `c<base 36>`): in a hash
 * index both land on one home record, so a lookup passes a record with its id's hash and other bytes.
 */
const collidingPairs = (() => {
  const seen = new Map<number, string>();
  const pairs: [string, string][] = [];
  for (let i = 0; pairs.length < 6; i++) {
    const id = `c${i.toString(36)}`;
    const bytes = Buffer.from(id);
    const hash = fnv1a(bytes, 0, bytes.length);
    const other = seen.get(hash);
    if (other === undefined) seen.set(hash, id);
    else pairs.push([other, id]);
  }
  return pairs;
})();
/** One id of the last pair is no test id: a submission giving it has an id the index must not find. */
const HELD_OUT = collidingPairs.at(-1)![1];

/** Id characters: plain, and the ones CSV quoting is about (comma, quote, space), and UTF-8. */
const ID_CHARACTERS = ['a', 'b', 'Z', '0', '7', '-', '_', ' ', ',', '"', 'é', '中', 'x'];

function textId(next: Random): string {
  const length = 1 + Math.floor(next() * 12);
  return Array.from({ length }, () => pick(next, ID_CHARACTERS)).join('');
}

function uuid(next: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(next, ['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

/** An id as a CSV field: quoted when it must be (a comma or a quote in it), and now and then anyway. */
function field(next: Random, id: string): string {
  const must = id.includes(',') || id.includes('"');
  return must || next() < 0.2 ? `"${id.replaceAll('"', '""')}"` : id;
}

/**
 * A ground truth of `rows` ids: integers from `base` (dense: the direct index; sparse: one far id forces
 * the hash index), text ids of any characters, or UUIDs (the hash index).
 */
function truthOf(next: Random, rows: number, base: number, kind: IdKind) {
  const unique = new Set<string>(
    kind === 'colliding' ? collidingPairs.flat().filter((id) => id !== HELD_OUT) : [],
  );
  while (unique.size < rows) {
    const i = unique.size;
    unique.add(
      kind === 'text' || kind === 'colliding'
        ? textId(next)
        : kind === 'uuid'
          ? uuid(next)
          : String(base + i),
    );
  }
  const ids = [...unique];
  if (kind === 'sparse') ids[rows - 1] = String(base + rows * 10);
  const map = new Map<string, TruthRow>();
  const lines = ['id,y'];
  for (const id of ids) {
    const text =
      next() < 0.1 ? `${digits(next, 2)}e-1` : (next() * 1000 - 500).toFixed(Math.floor(next() * 5));
    map.set(id, { value: Number(text), isPublic: false });
    lines.push(`${field(next, id)},${text}`);
  }
  // The split is over all the ids (exactly half public): known once every id is.
  const publicIds = testPublicIds(ids);
  for (const [id, row] of map) row.isPublic = publicIds.has(id);
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
 * A submission for those ids, shuffled, with random spellings (ids quoted or not) and `defects` random
 * defects placed from row `from` on; with `wild`, values of any shape (many invalid), else only valid ones.
 */
function submissionOf(next: Random, ids: readonly string[], defects: number, from: number, wild: boolean) {
  const rows = ids.map((id) => [field(next, id), wild ? numberText(next) : validNumberText(next)]);
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  for (let i = 0; i < rows.length; i++) if (next() < 0.7) rows[i]![1] = (next() * 1000 - 500).toFixed(3);
  for (let d = 0; d < defects; d++) {
    const at = from + Math.floor(next() * (rows.length - from));
    const kind = Math.floor(next() * 12);
    if (kind === 0)
      rows.splice(at, 1); // missing id
    else if (kind === 1)
      rows.splice(at, 0, [rows[Math.floor(next() * rows.length)]![0]!, '1']); // duplicate
    else if (kind === 2)
      rows.splice(at, 0, [
        pick(next, ['-1', '999999999', '0012', '+5', ' 7', 'x', '1e2', '"a,b"', '"r""1"']),
        '1',
      ]);
    else if (kind === 3)
      rows[at] = [rows[at]![0]!, `${rows[at]![1]},1`]; // three columns
    else if (kind === 4) rows[at] = ['', '1'];
    else if (kind === 5)
      rows.splice(at, 0, ['', '']); // a blank line
    else if (kind === 6) rows[at] = [rows[at]![0]!, pick(next, ['NaN', 'inf', 'abc', '', '1,5'])];
    else if (kind === 7)
      rows[at] = [rows[at]![0]!, `${rows[at]![1]}\r`]; // a CRLF line
    else if (kind === 8) rows[at] = [rows[at]![0]!, `${rows[at]![1]}e0`];
    else if (kind === 9)
      rows[at] = [`"${rows[at]![0]!}`, rows[at]![1]!]; // a quote not closed (or a new one)
    else if (kind === 10)
      rows[at] = [`"${rows[at]![0]!.replaceAll('"', '')}"x`, rows[at]![1]!]; // after the quote
    else rows[at] = [rows[at]![0]!, `"${rows[at]![1]!}"`]; // a quoted value: fine
  }
  const lines = rows.map(([id, value]) => (id === '' && value === '' ? '' : `${id},${value}`));
  const start = pick(next, ['', '\uFEFF']);
  const end = pick(next, ['', '\n', '\n\n', '\r\n', '\n\r\n']);
  return `${start}id,y\n${lines.join('\n')}${end}`;
}

/** The scorer's outcome with the ground truth read from the CSV, and the same from its stored form. */
function outcomes(csv: string, truthCsv: string, metric: Metric) {
  const truth = testTruth(Buffer.from(truthCsv), metric, 50);
  // The ground truth read on the pool's threads too (chunks of a few lines), in shared memory or not.
  const parallel = truthCounts.parallel;
  const truthBytes = Buffer.from(truthCsv);
  const onThreads = testTruth(
    truthBytes.length % 2 ? inSharedMemory(new Uint8Array(truthBytes)) : truthBytes,
    metric,
    50,
    threads(truthCsv),
  );
  if (!truth.direct) expect(truthCounts.parallel).toBe(parallel + 1);
  const identity = { sha256: 'test', metric, publicPercent: 50, splitKeySha256: 'test' };
  const stored = decodeTruthForm(encodeTruthForm(truth, identity), identity);
  const clean = scanCounts.clean;
  return {
    truth,
    fromCsv: outcome(csv, truth),
    fromForm: outcome(csv, stored),
    threads: outcome(csv, truth, threads(csv)),
    threadsFromForm: outcome(csv, stored, threads(csv), true),
    truthOnThreads: outcome(csv, onThreads, threads(csv)),
    /** How many of the two threaded scorings were done on the threads (not again on one thread). */
    onThreads: scanCounts.clean - clean,
  };
}

describe('the scorer against a plain reference', () => {
  // The pool's threads took part (each file is cut in many chunks; the caller's thread takes chunks too).
  beforeAll(() => startScanPool());
  afterAll(() => {
    expect(scanCounts.chunksByPool).toBeGreaterThan(0);
    expect(truthCounts.chunksByPool).toBeGreaterThan(0);
  });

  // Batches hold 4,096 rows: defects in the big files fall from row 4,500 on, after valid rows.
  it.each([
    ['dense ids (direct index), small files', 400, 30, 0, 'dense'],
    ['sparse ids (hash index), small files', 300, 30, 5, 'sparse'],
    ['text ids with commas, quotes, spaces and UTF-8 (hash index), small files', 300, 30, 0, 'text'],
    ['UUIDs, small files', 100, 30, 0, 'uuid'],
    ['text ids with equal hashes (one of them no test id), small files', 60, 40, 0, 'colliding'],
    ['dense ids, files across several batches', 16, 9_000, 1_000, 'dense'],
    ['sparse ids, files across several batches', 6, 9_000, 0, 'sparse'],
    ['text ids, files across several batches', 6, 9_000, 0, 'text'],
  ] as const)('%s', (_name, files, rows, base, kind) => {
    const big = rows > 4_096;
    const next = random(files * rows + base + kind.length);
    for (let f = 0; f < files; f++) {
      const truth = truthOf(next, rows, base, kind);
      const metric = pick(next, ['rmse', 'mae', 'r2'] as const);
      const defects = f % 4 === 0 ? 0 : 1 + Math.floor(next() * 3);
      let csv = submissionOf(next, truth.ids, defects, big ? 4_500 : 0, !big);
      if (kind === 'colliding' && f % 3 === 1) {
        // The held-out id of a colliding pair, on a random line after the header.
        const lines = csv.split('\n');
        lines.splice(1 + Math.floor(next() * (lines.length - 1)), 0, `${HELD_OUT},1`);
        csv = lines.join('\n');
      }
      const got = outcomes(csv, truth.csv, metric);
      expect(got.truth.direct).toBe(kind === 'dense');
      const expected = reference(csv, truth.map, metric);
      if (JSON.stringify(got.fromCsv) !== JSON.stringify(expected))
        expect({ csv, got: got.fromCsv }).toEqual({ csv, got: expected });
      if (JSON.stringify(got.fromForm) !== JSON.stringify(expected))
        expect({ csv, fromForm: got.fromForm }).toEqual({ csv, fromForm: expected });
      // The scan pool: the same scores, or the same refusal (a file with anything wrong is scored
      // again on one thread), and a clean file really scored on the threads.
      if (JSON.stringify(got.threads) !== JSON.stringify(expected))
        expect({ csv, threads: got.threads }).toEqual({ csv, threads: expected });
      if (JSON.stringify(got.threadsFromForm) !== JSON.stringify(expected))
        expect({ csv, threadsFromForm: got.threadsFromForm }).toEqual({ csv, threadsFromForm: expected });
      if (JSON.stringify(got.truthOnThreads) !== JSON.stringify(expected))
        expect({ csv, truthOnThreads: got.truthOnThreads }).toEqual({ csv, truthOnThreads: expected });
      if (typeof expected === 'object') expect(got.onThreads).toBe(3);
      else expect(got.onThreads).toBe(0);
    }
  });
});
