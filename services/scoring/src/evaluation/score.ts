import { Batch, shown } from './batch.ts';
import { InvalidFile, openLines, refusal, text } from './csv.ts';
import { headerFields } from './fields.ts';
import { type GroundTruth, idAt } from './ground-truth.ts';
import { viewed } from './hash-index.ts';
import { type MetricName as Metric, finiteScore, metricOf } from './metrics.ts';
import { type ParallelOptions, scanInParallel } from './scan-pool.ts';

export interface Scores {
  publicScore: number;
  privateScore: number;
  rows: number;
  /** The secondary metrics' scores (decision 0046), in the order asked; absent when none were asked. */
  scores?: { metric: Metric; publicScore: number; privateScore: number }[];
}

/**
 * Per ground truth, the array a scoring fills with the submitted values in split order. Made once and
 * reused (scoring is synchronous: one submission at a time uses it), so a worker's memory stays flat
 * instead of growing by 8 MB of garbage per 1,000,000-row submission.
 */
const scratches = new WeakMap<GroundTruth, Float64Array>();
function scratchOf(truth: GroundTruth): Float64Array {
  let scratch = scratches.get(truth);
  if (!scratch) {
    // In shared memory: the scan pool's threads store values in it too (scan-pool.ts).
    scratch = new Float64Array(new SharedArrayBuffer(truth.rows * 8));
    scratches.set(truth, scratch);
  }
  return scratch;
}

/**
 * Scores a submission `id,<target>` against the ground truth in one pass over the bytes (fields may be
 * quoted, as fields.ts reads them), checking everything a participant can get wrong (encoding, empty file, header, columns, empty / extra /
 * duplicate / missing ids, non-numeric and NaN values); an InvalidFile names the line and column of the
 * first problem in the file. Each value is stored at its id's position in split order, then the
 * truth's metric (metrics.ts) scores the public and the private split. A big file is read on the scan
 * pool's threads too when the process started it (scan-pool.ts; `options` for tests); a file with
 * anything wrong is then read again here, on one thread, which gives the messages.
 */
export function scoreSubmission(
  bytes: Uint8Array,
  truth: GroundTruth,
  options?: ParallelOptions,
  /** Secondary metrics (decision 0046): scored on the same values, read once. */
  secondary: readonly Metric[] = [],
): Scores {
  const predicted = scratchOf(truth);
  // A big clean file is scored on every core; any other file, or one with anything wrong, here.
  const rows = scanInParallel(bytes, truth, predicted, options);
  if (rows !== null) return scoresOf(truth, predicted, rows, secondary);
  return scoreOnOneThread(bytes, truth, predicted, secondary);
}

function scoreOnOneThread(
  bytes: Uint8Array,
  truth: GroundTruth,
  scratch: Float64Array,
  secondary: readonly Metric[],
): Scores {
  const lines = openLines(bytes);
  const header = text(bytes, lines.start, lines.end).trim();
  const expected = `id,${truth.target}`;
  const fields = header === expected ? null : headerFields(bytes, lines.start, lines.end);
  if (header !== expected && (fields?.[0] !== 'id' || fields[1] !== truth.target))
    throw new InvalidFile(refusal('headerMismatch', { line: 1, expected, found: header.slice(0, 80) }));
  // The submitted values in split order. Values read are finite (labels: codes), so NaN marks an id
  // not given yet: a value there is a duplicate, NaN left at the end a missing id.
  const predicted = scratch.fill(Number.NaN);
  const batch = new Batch(lines, truth);
  const { starts, ends, slots, values } = batch;
  const file = viewed(bytes);
  let submitted = 0;
  while (!batch.done && batch.refusal === null) {
    batch.fill();
    const rows = batch.size;
    batch.lookUp(file);
    for (let i = 0; i < rows; i++) {
      const position = slots[i]!;
      // `x === x`: not NaN, so this id was given before.
      if (position < 0 || predicted[position] === predicted[position]) {
        const start = starts[i]!;
        const line = batch.firstLine + i;
        const id = shown(batch.source(i), start < 0 ? ~start : start, ends[i]!);
        throw new InvalidFile(refusal(position >= 0 ? 'duplicateId' : 'extraId', { line, id }));
      }
      predicted[position] = values[i]!;
    }
    submitted += rows;
  }
  if (batch.refusal !== null) throw new InvalidFile(batch.refusal);
  if (submitted < truth.rows) {
    const id = idAt(truth, predicted.findIndex(Number.isNaN));
    const example = id.length > 40 ? `${id.slice(0, 40)}…` : id;
    throw new InvalidFile(refusal('missingIds', { count: truth.rows - submitted, example }));
  }
  return scoresOf(truth, predicted, submitted, secondary);
}

/** The public and private scores of the submitted values (in split order), by the primary and each secondary metric. */
function scoresOf(
  truth: GroundTruth,
  predicted: Float64Array,
  submitted: number,
  secondary: readonly Metric[],
): Scores {
  const both = (metric: Metric) => {
    const { score, higherIsBetter } = metricOf(metric);
    const split = (part: 'public' | 'private', from: number, to: number) => {
      const value = score(truth.ordered.subarray(from, to), predicted.subarray(from, to));
      // loadGroundTruth (and the upload, for secondary metrics) refuses a ground truth with a part the
      // metric cannot score; were one to get here, it is the platform's fault (not an InvalidFile): the
      // submission fails and its allowance is refunded.
      if (value === null) throw new Error(`the ${metric} metric cannot score the ${part} part`);
      return finiteScore(value, higherIsBetter);
    };
    return {
      publicScore: split('public', 0, truth.publicRows),
      privateScore: split('private', truth.publicRows, truth.rows),
    };
  };
  const primary = both(truth.metric);
  return {
    ...primary,
    rows: submitted,
    ...(secondary.length > 0 ? { scores: secondary.map((metric) => ({ metric, ...both(metric) })) } : {}),
  };
}
