// Over 300 lines: the whole recomputation in one file (reading, split, formulas, comparison), so a participant can read it at once.
/**
 * A participant's own recomputation of a submission's scores (issue 30, decision 0031): from the revealed
 * ground truth, the revealed split key and their own file, with code of its own — not the scorer's — so a
 * check does not trust the server's arithmetic. The CLI (`sais verify-score`) and My Submissions in the
 * browser run it; WebCrypto's HMAC-SHA-256 and SHA-256 exist in both.
 *
 * It reads the definitions of decision 0024 and of the metric registry
 * (services/scoring/src/evaluation/metrics.ts) plainly: ids ranked by HMAC-SHA-256(key, id), the first
 * round(n × p / 100) public; each metric's formula over the private (or public) ids in the ground truth's
 * file order. A property test holds it equal to the scorer on any input (services/scoring/test/recompute).
 */
import { type MetricName, metricHigherIsBetter } from './metrics.ts';

export type RecomputeFile = 'groundTruth' | 'submission';

/** What stops a recomputation, naming the file and its line (1 is the header). */
export class RecomputeProblem extends Error {
  constructor(
    readonly file: RecomputeFile,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file} line ${line}: ${reason}`);
  }
}

/** A result file as RFC 4180 reads it, one row a line: `id,<target>` and its rows (value text trimmed). */
export interface ScoreTable {
  target: string;
  ids: string[];
  values: string[];
  /** The file line of each row (1-based; the header is line 1). */
  lines: number[];
}

/** The fields of one line: a quoted field runs to its closing quote (`""` is a quote), any other to a comma. */
function fieldsOf(line: string, file: RecomputeFile, number: number): string[] {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (line[at] === '"') {
      let text = '';
      let i = at + 1;
      for (;;) {
        if (i >= line.length) throw new RecomputeProblem(file, number, 'a quoted field is not closed');
        if (line[i] === '"') {
          if (line[i + 1] !== '"') break;
          text += '"';
          i += 2;
        } else text += line[i++];
      }
      fields.push(text);
      at = i + 1;
      if (at < line.length && line[at] !== ',')
        throw new RecomputeProblem(file, number, 'text after a closing quote');
    } else {
      const comma = line.indexOf(',', at);
      const end = comma < 0 ? line.length : comma;
      fields.push(line.slice(at, end));
      at = end;
    }
    if (at >= line.length) return fields;
    at += 1;
  }
}

export function readScoreTable(bytes: Uint8Array, file: RecomputeFile): ScoreTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new RecomputeProblem(file, 1, 'the file is not UTF-8');
  }
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  while (lines.length && lines.at(-1) === '') lines.pop();
  if (!lines.length) throw new RecomputeProblem(file, 1, 'the file is empty');
  const header = fieldsOf(lines[0]!, file, 1);
  if (header.length !== 2 || header[0] !== 'id')
    throw new RecomputeProblem(file, 1, 'the header is not id,<target>');
  const table: ScoreTable = { target: header[1]!, ids: [], values: [], lines: [] };
  for (let i = 1; i < lines.length; i++) {
    const fields = fieldsOf(lines[i]!, file, i + 1);
    if (fields.length !== 2) throw new RecomputeProblem(file, i + 1, `${fields.length} fields, not 2`);
    table.ids.push(fields[0]!);
    table.values.push(fields[1]!.trim());
    table.lines.push(i + 1);
  }
  return table;
}

const subtle = () => globalThis.crypto.subtle;

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The public ids of decision 0024's split: ids ranked by HMAC-SHA-256(key, id), the first round(n·p/100). */
export async function publicIdsOf(ids: readonly string[], key: Uint8Array, publicPercent: number) {
  const hmac = await subtle().importKey(
    'raw',
    key as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const encoder = new TextEncoder();
  const ranked: { id: string; bytes: Uint8Array; digest: Uint8Array }[] = [];
  for (let start = 0; start < ids.length; start += 4096) {
    const batch = ids.slice(start, start + 4096).map((id) => ({ id, bytes: encoder.encode(id) }));
    const digests = await Promise.all(batch.map(({ bytes }) => subtle().sign('HMAC', hmac, bytes)));
    batch.forEach((entry, i) => ranked.push({ ...entry, digest: new Uint8Array(digests[i]!) }));
  }
  ranked.sort((a, b) => compareBytes(a.digest, b.digest) || compareBytes(a.bytes, b.bytes));
  const count = Math.floor((ids.length * publicPercent) / 100 + 0.5);
  return new Set(ranked.slice(0, count).map(({ id }) => id));
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** The metric formulas of the registry (decision 0010), written plainly over the values as read. */
const labelOf: Partial<Record<MetricName, (text: string) => string>> = {
  accuracy: (text) => text.trim(),
  macro_f1: (text) => text.trim(),
  exact_match: (text) => text.trim().replace(/\s+/g, ' ').normalize('NFC'),
};

const mean = (values: number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;

function f1(tp: number, fp: number, fn: number) {
  return (2 * tp) / (2 * tp + fp + fn);
}

type Formula = (truth: (number | string)[], predicted: (number | string)[]) => number | null;

const numeric =
  (formula: (t: number[], p: number[]) => number | null): Formula =>
  (t, p) =>
    formula(t as number[], p as number[]);

export const referenceMetrics: Record<MetricName, Formula> = {
  mae: numeric((t, p) => mean(t.map((value, i) => Math.abs(p[i]! - value)))),
  rmse: numeric((t, p) => {
    if (!t.length) return null;
    let sum = 0;
    for (let i = 0; i < t.length; i++) sum += (p[i]! - t[i]!) * (p[i]! - t[i]!);
    return Math.sqrt(sum / t.length);
  }),
  r2: numeric((t, p) => {
    if (!t.length) return null;
    let residual = 0;
    let sum = 0;
    for (let i = 0; i < t.length; i++) {
      residual += (t[i]! - p[i]!) * (t[i]! - p[i]!);
      sum += t[i]!;
    }
    if (t.every((value) => value === t[0])) return residual === 0 ? 1 : 0;
    const average = sum / t.length;
    let total = 0;
    for (const value of t) total += (value - average) ** 2;
    return total === 0 ? +(residual === 0) : 1 - residual / total;
  }),
  accuracy: (t, p) => mean(t.map((value, i) => +(value === p[i]))),
  exact_match: (t, p) => mean(t.map((value, i) => +(value === p[i]))),
  macro_f1: (t, p) => {
    if (!t.length) return null;
    const classes = new Set([...t, ...p]);
    const scores = [...classes].map((c) => {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      t.forEach((value, i) => {
        if (value === c && p[i] === c) tp++;
        else if (p[i] === c) fp++;
        else if (value === c) fn++;
      });
      return f1(tp, fp, fn);
    });
    return scores.reduce((sum, value) => sum + value, 0) / scores.length;
  },
  auc: numeric((t, p) => {
    // Mann–Whitney: the share of (positive, negative) pairs ranked right, ties ½, through average ranks.
    const order = p.map((score, i) => ({ score, positive: t[i] === 1 })).sort((a, b) => a.score - b.score);
    const positives = order.filter((entry) => entry.positive).length;
    const negatives = order.length - positives;
    if (!positives || !negatives) return null;
    let rankSum = 0;
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j < order.length && order[j]!.score === order[i]!.score) j++;
      const averageRank = (i + 1 + j) / 2;
      for (let k = i; k < j; k++) if (order[k]!.positive) rankSum += averageRank;
      i = j;
    }
    return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
  }),
  sirna: numeric((t, p) => {
    if (!t.length) return null;
    const effective = (value: number) => value < 30;
    let tp = 0;
    let fp = 0;
    let fn = 0;
    t.forEach((value, i) => {
      if (effective(value) && effective(p[i]!)) tp++;
      else if (effective(p[i]!)) fp++;
      else if (effective(value)) fn++;
    });
    const mae = Math.min(mean(t.map((value, i) => Math.abs(p[i]! - value)))!, 100);
    return 0.5 * (1 - mae / 100) + 0.5 * (tp + fp + fn === 0 ? 1 : f1(tp, fp, fn));
  }),
  threat_score: numeric((t, p) => {
    if (!t.length) return null;
    const scores: number[] = [];
    for (const threshold of [0.1, 10, 25, 50]) {
      let hits = 0;
      let misses = 0;
      let falseAlarms = 0;
      t.forEach((value, i) => {
        if (value >= threshold && p[i]! >= threshold) hits++;
        else if (value >= threshold) misses++;
        else if (p[i]! >= threshold) falseAlarms++;
      });
      if (hits + misses + falseAlarms) scores.push(hits / (hits + misses + falseAlarms));
    }
    return scores.length ? mean(scores) : 1;
  }),
};

export interface Recomputed {
  rows: number;
  publicRows: number;
  publicScore: number | null;
  privateScore: number | null;
}

/** A metric's public and private scores, recomputed (`recomputeAllScores`). */
export interface RecomputedMetric {
  metric: MetricName;
  publicScore: number | null;
  privateScore: number | null;
}

/** The public and private scores of a submission, recomputed from the two files and the revealed split. */
export async function recomputeScores(input: {
  groundTruth: Uint8Array;
  submission: Uint8Array;
  metric: MetricName;
  splitKey: Uint8Array;
  publicPercent: number;
}): Promise<Recomputed> {
  const { rows, publicRows, scores } = await recomputeAllScores({ ...input, metrics: [input.metric] });
  return { rows, publicRows, publicScore: scores[0]!.publicScore, privateScore: scores[0]!.privateScore };
}

/**
 * Every metric's scores (the primary, then each secondary: decision 0046) from one read of the two files
 * and one computation of the split, as the platform scores them in one read. A problem with a row throws
 * `RecomputeProblem`, found in the order of `metrics` (the primary's first).
 */
export async function recomputeAllScores(input: {
  groundTruth: Uint8Array;
  submission: Uint8Array;
  metrics: readonly MetricName[];
  splitKey: Uint8Array;
  publicPercent: number;
}): Promise<{ rows: number; publicRows: number; scores: RecomputedMetric[] }> {
  const truth = readScoreTable(input.groundTruth, 'groundTruth');
  const mine = readScoreTable(input.submission, 'submission');
  if (mine.target !== truth.target)
    throw new RecomputeProblem('submission', 1, `the header is id,${mine.target}, not id,${truth.target}`);
  const publicIds = await publicIdsOf(truth.ids, input.splitKey, input.publicPercent);
  const scores = input.metrics.map((metric) => scoreWith(metric, truth, mine, publicIds));
  return { rows: truth.ids.length, publicRows: publicIds.size, scores };
}

/** One metric over the files read once: its own reading of the values (labels or numbers), its formula. */
function scoreWith(
  metric: MetricName,
  truth: ScoreTable,
  mine: ScoreTable,
  publicIds: ReadonlySet<string>,
): RecomputedMetric {
  const label = labelOf[metric];
  const valueOf = (text: string, file: RecomputeFile, line: number): number | string => {
    if (label) return label(text);
    const value = text === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value))
      throw new RecomputeProblem(file, line, `"${text.slice(0, 40)}" is not a number`);
    return value;
  };
  const submitted = new Map<string, number | string>();
  mine.ids.forEach((id, i) => {
    const line = mine.lines[i]!;
    if (submitted.has(id)) throw new RecomputeProblem('submission', line, `the id ${id} is given twice`);
    submitted.set(id, valueOf(mine.values[i]!, 'submission', line));
  });
  const parts = {
    public: { t: [] as (number | string)[], p: [] as (number | string)[] },
    private: { t: [] as (number | string)[], p: [] as (number | string)[] },
  };
  truth.ids.forEach((id, i) => {
    const line = truth.lines[i]!;
    if (!submitted.has(id))
      throw new RecomputeProblem('groundTruth', line, `the id ${id} is not in the submission`);
    const part = publicIds.has(id) ? parts.public : parts.private;
    part.t.push(valueOf(truth.values[i]!, 'groundTruth', line));
    part.p.push(submitted.get(id)!);
    submitted.delete(id);
  });
  const [extra] = submitted.keys();
  if (extra !== undefined)
    throw new RecomputeProblem(
      'submission',
      mine.lines[mine.ids.indexOf(extra)]!,
      `the id ${extra} is not in the ground truth`,
    );
  const formula = referenceMetrics[metric];
  // A score leaves the doubles only for absurd predictions (a sum that overflows): the worst finite score.
  const higherIsBetter = metricHigherIsBetter[metric];
  const finite = (value: number | null) =>
    value === null || Number.isFinite(value) ? value : higherIsBetter ? -Number.MAX_VALUE : Number.MAX_VALUE;
  return {
    metric,
    publicScore: finite(formula(parts.public.t, parts.public.p)),
    privateScore: finite(formula(parts.private.t, parts.private.p)),
  };
}

/** Two scores agree when equal to 1e-9 of their size: the same formula summed in the same order. */
export const sameScore = (a: number | null, b: number | null): boolean =>
  a === null || b === null
    ? a === b
    : Object.is(a, b) || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
