import { InvalidFile, type Lines, openLines, parseNumber, plain, text, twoColumns } from './csv.ts';
import { fnv1a } from './csv.ts';
import { type GroundTruth, PUBLIC, SEEN, TEST_ID, idOfSlot, probe, slotOf } from './ground-truth.ts';

export interface Scores {
  publicScore: number;
  privateScore: number;
  rows: number;
}

const shown = (bytes: Uint8Array, start: number, end: number) => {
  const value = text(bytes, start, Math.min(end, start + 40));
  return end - start > 40 ? `${value}…` : value;
};

/** Rows are read a batch at a time, then looked up: lookups back to back keep many memory reads in flight. */
const BATCH = 4096;

/** In `Batch#slots`: the id is to be found in the hash index by `Batch#hashes` (when the batch is checked). */
const PROBE = -2;

/**
 * Reads a batch of rows: for each, where its id is (line start, comma), its ground-truth slot (-1 when
 * it is no test id; PROBE with the id's hash for a hash index) and its value (for accuracy: the code of its label, -1 for an unknown label). A row
 * that cannot be read stops the batch with `refusal` set: its line's message, to be thrown once the rows
 * before it (and its own id, when the value was the problem) have been checked.
 */
class Batch {
  readonly starts = new Int32Array(BATCH);
  readonly commas = new Int32Array(BATCH);
  readonly slots = new Int32Array(BATCH);
  readonly hashes = new Int32Array(BATCH);
  readonly values = new Float64Array(BATCH);
  size = 0;
  /** The line number of the batch's first row. */
  firstLine = 0;
  refusal: string | null = null;
  done = false;
  readonly #labelCodes: Map<string, number> | null;

  readonly lines: Lines;
  readonly truth: GroundTruth;

  constructor(lines: Lines, truth: GroundTruth) {
    this.lines = lines;
    this.truth = truth;
    this.#labelCodes =
      truth.metric === 'accuracy' ? new Map(truth.labels.map((label, code) => [label, code])) : null;
  }

  fill(): void {
    const { lines, truth, starts, commas, slots, values } = this;
    // `<integer id>,<plain decimal>` rows take the fast path; any other row is read (and refused) in full.
    const fast = truth.direct && this.#labelCodes === null;
    const base = truth.directBase;
    const size = truth.flags.length;
    this.firstLine = lines.number + 1;
    let n = 0;
    for (; n < BATCH; n++) {
      if (fast && lines.nextPlain()) {
        const slot = plain.id - base;
        slots[n] = slot < size ? slot : -1;
        values[n] = plain.value;
        starts[n] = lines.start;
        commas[n] = plain.comma;
      } else if (!lines.next()) {
        this.done = true;
        break;
      } else {
        const stored = this.#general(n);
        if (this.refusal !== null) {
          if (stored) n++;
          break;
        }
      }
    }
    this.size = n;
  }

  /** Reads row n the general way: true once its id is stored; sets `refusal` when the row is wrong. */
  #general(n: number): boolean {
    const { lines, truth } = this;
    const { start, end, number } = lines;
    const bytes = lines.bytes;
    const comma = twoColumns(bytes, start, end);
    if (comma === -1) return this.#refuse(`Line ${number}: expected 2 columns (id,${truth.target}).`, false);
    if (comma === start) return this.#refuse(`Line ${number}, column id: the id is empty.`, false);
    this.starts[n] = start;
    this.commas[n] = comma;
    if (truth.direct) this.slots[n] = slotOf(truth, bytes, start, comma);
    else {
      this.slots[n] = PROBE;
      this.hashes[n] = fnv1a(bytes, start, comma);
    }
    if (this.#labelCodes) {
      const label = text(bytes, comma + 1, end).trim();
      this.values[n] = this.#labelCodes.get(label) ?? -1;
      if (label === '')
        return this.#refuse(`Line ${number}, column ${truth.target}: the value is empty.`, true);
      return true;
    }
    const value = parseNumber(bytes, comma + 1, end);
    this.values[n] = value;
    if (!Number.isNaN(value)) return true;
    const raw = shown(bytes, comma + 1, end).trim();
    const what =
      raw === ''
        ? 'the value is empty'
        : /^[+-]?(nan|inf(inity)?)$/i.test(raw)
          ? `"${raw}" is not a finite number (NaN)`
          : `"${raw}" is not a number`;
    return this.#refuse(`Line ${number}, column ${truth.target}: ${what}.`, true);
  }

  #refuse(message: string, stored: boolean): boolean {
    this.refusal = message;
    return stored;
  }
}

/**
 * Scores a submission `id,<target>` against the ground truth in one pass over the bytes, checking
 * everything a participant can get wrong (encoding, empty file, header, columns, empty / extra /
 * duplicate / missing ids, non-numeric and NaN values); an InvalidFile names the line and column of the
 * first problem in the file. Lower is better for rmse and mae.
 */
export function scoreSubmission(bytes: Uint8Array, truth: GroundTruth): Scores {
  const lines = openLines(bytes);
  const header = text(bytes, lines.start, lines.end).trim();
  const expected = `id,${truth.target}`;
  if (header !== expected)
    throw new InvalidFile(`Line 1: the header must be "${expected}", found "${header.slice(0, 80)}".`);
  // This submission's copy of the flags: SEEN marks the ids it has given (duplicates, missing ids).
  const flags = truth.flags.slice();
  const truthValues = truth.values;
  const metric = truth.metric;
  const batch = new Batch(lines, truth);
  const { starts, commas, slots, hashes, values } = batch;
  let publicSum = 0;
  let privateSum = 0;
  let submitted = 0;
  while (!batch.done && batch.refusal === null) {
    batch.fill();
    const rows = batch.size;
    for (let i = 0; i < rows; i++) {
      let slot = slots[i]!;
      // Hash lookups happen here, back to back, rather than while parsing: their memory reads overlap.
      if (slot === PROBE) slot = probe(truth, hashes[i]!, bytes, starts[i]!, commas[i]!);
      const flag = slot < 0 ? 0 : flags[slot]!;
      if ((flag & (TEST_ID | SEEN)) !== TEST_ID) {
        const where = `Line ${batch.firstLine + i}, column id: "${shown(bytes, starts[i]!, commas[i]!)}"`;
        throw new InvalidFile(
          flag & SEEN ? `${where} appears twice (duplicate id).` : `${where} is not a test id (extra id).`,
        );
      }
      flags[slot] = flag | SEEN;
      const difference = values[i]! - truthValues[slot]!;
      const error =
        metric === 'rmse'
          ? difference * difference
          : metric === 'mae'
            ? Math.abs(difference)
            : +(difference !== 0);
      if (flag & PUBLIC) publicSum += error;
      else privateSum += error;
    }
    submitted += rows;
  }
  if (batch.refusal !== null) throw new InvalidFile(batch.refusal);
  if (submitted < truth.rows) {
    const id = idOfSlot(
      truth,
      flags.findIndex((flag) => (flag & (TEST_ID | SEEN)) === TEST_ID),
    );
    const example = id.length > 40 ? `${id.slice(0, 40)}…` : id;
    throw new InvalidFile(
      `${truth.rows - submitted} test id(s) are missing (missing ids), e.g. "${example}".`,
    );
  }
  const privateRows = truth.rows - truth.publicRows;
  const finish = (sum: number, count: number) => {
    if (count === 0) return 0;
    if (metric === 'rmse') return Math.sqrt(sum / count);
    if (metric === 'mae') return sum / count;
    return 1 - sum / count;
  };
  return {
    publicScore: finish(publicSum, truth.publicRows),
    privateScore: finish(privateSum, privateRows),
    rows: submitted,
  };
}

/** Lower is better for error metrics, higher for accuracy. */
export const lowerIsBetter = (metric: GroundTruth['metric']) => metric !== 'accuracy';
