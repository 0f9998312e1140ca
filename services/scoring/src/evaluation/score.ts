import { InvalidFile, type Lines, fnv1a, openLines, parseNumber, plain, text } from './csv.ts';
import { ROW_OK, headerFields, row, rowProblem, splitRow, unquote } from './fields.ts';
import { type GroundTruth, RECORD, directSlot, hashedPosition, idAt } from './ground-truth.ts';
import { type Viewed, viewed } from './hash-index.ts';
import { metricOf } from './metrics.ts';

export interface Scores {
  publicScore: number;
  privateScore: number;
  rows: number;
}

const shown = (bytes: Uint8Array, start: number, end: number) => {
  const value = text(bytes, start, Math.min(end, start + 40));
  return end - start > 40 ? `${value}…` : value;
};

/**
 * Per ground truth, the array a scoring fills with the submitted values in split order. Made once and
 * reused (scoring is synchronous: one submission at a time uses it), so a worker's memory stays flat
 * instead of growing by 8 MB of garbage per 1,000,000-row submission.
 */
const scratches = new WeakMap<GroundTruth, Float64Array>();
function scratchOf(truth: GroundTruth): Float64Array {
  let scratch = scratches.get(truth);
  if (!scratch) {
    scratch = new Float64Array(truth.rows);
    scratches.set(truth, scratch);
  }
  return scratch;
}

/**
 * Rows are read a batch at a time, then looked up: lookups back to back keep many memory reads in flight.
 * With a hash index, smaller batches: a batch's records and ids, loaded by `touch`, must still be in the
 * caches (and their pages in the TLB) when the probes come (256 measured ~25 % faster than 4,096).
 */
const BATCH = 4096;
const HASHED_BATCH = 256;

/** In `Batch#slots`: the id is to be found in the hash index by `Batch#hashes` (when the batch is checked). */
const PROBE = -2;

/**
 * Reads a batch of rows: for each, where its id is (its byte range: in the file, or for a quoted id
 * with `""` unquoted into `unquoted`, then its start stored as `~start`), its ground-truth slot (-1
 * when it is no test id; PROBE with the id's hash for a hash index) and its value (for a label metric:
 * the code of its normalised label; a label the ground truth does not have gets a new code). A row
 * that cannot be read stops the batch with `refusal` set: its line's message, to be thrown once the rows
 * before it (and its own id, when the value was the problem) have been checked.
 */
class Batch {
  readonly starts = new Int32Array(BATCH);
  readonly ends = new Int32Array(BATCH);
  readonly slots = new Int32Array(BATCH);
  readonly hashes = new Int32Array(BATCH);
  readonly values = new Float64Array(BATCH);
  size = 0;
  /** The line number of the batch's first row. */
  firstLine = 0;
  /** Quoted ids of this batch with their `""` undone, one after another. */
  unquoted: Viewed = viewed(new Uint8Array(1024));
  #unquotedUsed = 0;
  refusal: string | null = null;
  done = false;
  /** What `touch` read, folded together: kept only so its loads are not optimised away. */
  touched = 0;
  /** For a label metric: this submission's codes, the ground truth's labels' and then its own new ones. */
  readonly #labelCodes: Map<string, number> | null;
  readonly #normalize: (label: string) => string;

  readonly lines: Lines;
  readonly truth: GroundTruth;

  constructor(lines: Lines, truth: GroundTruth) {
    this.lines = lines;
    this.truth = truth;
    const definition = metricOf(truth.metric);
    this.#labelCodes =
      definition.target === 'label' ? new Map(truth.labels.map((label, code) => [label, code])) : null;
    this.#normalize = definition.normalize ?? ((label) => label);
  }

  fill(): void {
    const { lines, truth, starts, ends, slots, hashes, values } = this;
    // `<id>,<plain decimal>` rows take a fast path (integer ids: direct; others: hashed as read); any
    // other row is read (and refused) in full.
    const numeric = this.#labelCodes === null;
    const direct = truth.direct;
    const base = truth.directBase;
    const size = truth.positions.length;
    this.firstLine = lines.number + 1;
    this.#unquotedUsed = 0;
    let n = 0;
    const limit = direct ? BATCH : HASHED_BATCH;
    for (; n < limit; n++) {
      if (numeric && direct && lines.nextPlain()) {
        const slot = plain.id - base;
        // Unsigned: an id below the base is no slot either (-2 would read as PROBE and never be found).
        slots[n] = slot >>> 0 < size ? slot : -1;
        values[n] = plain.value;
        starts[n] = lines.start;
        ends[n] = plain.comma;
      } else if (numeric && !direct && lines.nextKeyed()) {
        slots[n] = PROBE;
        hashes[n] = plain.hash;
        values[n] = plain.value;
        starts[n] = lines.start;
        ends[n] = plain.comma;
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

  /** Where row i's id is: its bytes, start and end (see the class comment). */
  source(i: number): Uint8Array {
    return this.starts[i]! < 0 ? this.unquoted.bytes : this.lines.bytes;
  }

  /** Reads row n the general way: true once its id is stored; sets `refusal` when the row is wrong. */
  #general(n: number): boolean {
    const { lines, truth } = this;
    const { start, end, number } = lines;
    const bytes = lines.bytes;
    const problem = splitRow(bytes, start, end);
    if (problem !== ROW_OK)
      return this.#refuse(`Line ${number}: ${rowProblem(problem, `id,${truth.target}`)}`, false);
    let { idStart, idEnd } = row;
    const { valueStart, valueEnd, valueEscaped } = row;
    if (idStart === idEnd) return this.#refuse(`Line ${number}, column id: the id is empty.`, false);
    let source = bytes;
    if (row.idEscaped) {
      if (this.#unquotedUsed + (idEnd - idStart) > this.unquoted.bytes.length) {
        const bigger = new Uint8Array(2 * (this.#unquotedUsed + idEnd - idStart));
        bigger.set(this.unquoted.bytes.subarray(0, this.#unquotedUsed));
        this.unquoted = viewed(bigger);
      }
      source = this.unquoted.bytes;
      const from = this.#unquotedUsed;
      idEnd = this.#unquotedUsed = unquote(bytes, idStart, idEnd, source, from);
      idStart = from;
      this.starts[n] = ~from;
    } else this.starts[n] = idStart;
    this.ends[n] = idEnd;
    if (truth.direct) this.slots[n] = directSlot(truth, source, idStart, idEnd);
    else {
      this.slots[n] = PROBE;
      this.hashes[n] = fnv1a(source, idStart, idEnd);
    }
    const codes = this.#labelCodes;
    if (codes) {
      const raw = text(bytes, valueStart, valueEnd);
      const label = this.#normalize(valueEscaped ? raw.replaceAll('""', '"') : raw);
      let code = codes.get(label);
      if (code === undefined) {
        code = codes.size;
        codes.set(label, code);
      }
      this.values[n] = code;
      if (label === '')
        return this.#refuse(`Line ${number}, column ${truth.target}: the value is empty.`, true);
      return true;
    }
    const value = valueEscaped ? Number.NaN : parseNumber(bytes, valueStart, valueEnd);
    this.values[n] = value;
    if (!Number.isNaN(value)) return true;
    const spelled = shown(bytes, valueStart, valueEnd);
    const raw = (valueEscaped ? spelled.replaceAll('""', '"') : spelled).trim();
    const what =
      raw === ''
        ? 'the value is empty'
        : /^[+-]?(nan|inf(inity)?)$/i.test(raw)
          ? `"${raw}" is not a finite number (NaN)`
          : `"${raw}" is not a number`;
    return this.#refuse(`Line ${number}, column ${truth.target}: ${what}.`, true);
  }

  /**
   * Hash index: reads, for each row of the batch, the first record its probe looks at and the id bytes
   * that record points to (its first and last byte). These loads do not depend on each other, so the processor has many in flight;
   * the probes that follow then find them in the cache instead of waiting for each in turn.
   */
  touch(): void {
    const { table, mask, keys } = this.truth;
    const { hashes, slots } = this;
    let sink = 0;
    for (let i = 0; i < this.size; i++) {
      if (slots[i] !== PROBE) continue;
      const at = (hashes[i]! & mask) * RECORD;
      // The id's first and last byte: an id may straddle two cache lines (~15 % faster than the first alone).
      const end = table[at + 2]!;
      sink ^= keys[table[at + 1]!]! ^ keys[end > 0 ? end - 1 : 0]!;
    }
    // Kept, so the compiler cannot drop the loads as unused.
    this.touched = sink;
  }

  #refuse(message: string, stored: boolean): boolean {
    this.refusal = message;
    return stored;
  }
}

/**
 * Scores a submission `id,<target>` against the ground truth in one pass over the bytes (fields may be
 * quoted, as fields.ts reads them), checking everything a participant can get wrong (encoding, empty file, header, columns, empty / extra /
 * duplicate / missing ids, non-numeric and NaN values); an InvalidFile names the line and column of the
 * first problem in the file. Each value is stored at its id's position in split order, then the
 * truth's metric (metrics.ts) scores the public and the private split.
 */
export function scoreSubmission(bytes: Uint8Array, truth: GroundTruth): Scores {
  const lines = openLines(bytes);
  const header = text(bytes, lines.start, lines.end).trim();
  const expected = `id,${truth.target}`;
  const fields = header === expected ? null : headerFields(bytes, lines.start, lines.end);
  if (header !== expected && (fields?.[0] !== 'id' || fields[1] !== truth.target))
    throw new InvalidFile(`Line 1: the header must be "${expected}", found "${header.slice(0, 80)}".`);
  // The submitted values in split order. Values read are finite (labels: codes), so NaN marks an id
  // not given yet: a value there is a duplicate, NaN left at the end a missing id.
  const predicted = scratchOf(truth).fill(Number.NaN);
  const positions = truth.positions;
  const batch = new Batch(lines, truth);
  const { starts, ends, slots, hashes, values } = batch;
  const file = viewed(bytes);
  let submitted = 0;
  while (!batch.done && batch.refusal === null) {
    batch.fill();
    const rows = batch.size;
    // Lookups happen here, back to back, rather than while parsing, and in two passes (id → position,
    // then position → value) rather than one chain of reads per row: their memory reads overlap.
    if (!truth.direct) batch.touch();
    for (let i = 0; i < rows; i++) {
      const slot = slots[i]!;
      const start = starts[i]!;
      slots[i] =
        slot === PROBE
          ? start >= 0
            ? hashedPosition(truth, hashes[i]!, file, start, ends[i]!)
            : hashedPosition(truth, hashes[i]!, batch.unquoted, ~start, ends[i]!)
          : slot < 0
            ? -1
            : positions[slot]!;
    }
    for (let i = 0; i < rows; i++) {
      const position = slots[i]!;
      // `x === x`: not NaN, so this id was given before.
      if (position < 0 || predicted[position] === predicted[position]) {
        const start = starts[i]!;
        const where = `Line ${batch.firstLine + i}, column id: "${shown(batch.source(i), start < 0 ? ~start : start, ends[i]!)}"`;
        throw new InvalidFile(
          position >= 0 ? `${where} appears twice (duplicate id).` : `${where} is not a test id (extra id).`,
        );
      }
      predicted[position] = values[i]!;
    }
    submitted += rows;
  }
  if (batch.refusal !== null) throw new InvalidFile(batch.refusal);
  if (submitted < truth.rows) {
    const id = idAt(truth, predicted.findIndex(Number.isNaN));
    const example = id.length > 40 ? `${id.slice(0, 40)}…` : id;
    throw new InvalidFile(
      `${truth.rows - submitted} test id(s) are missing (missing ids), e.g. "${example}".`,
    );
  }
  const { score } = metricOf(truth.metric);
  const split = (part: 'public' | 'private', from: number, to: number) => {
    const value = score(truth.ordered.subarray(from, to), predicted.subarray(from, to));
    // loadGroundTruth refuses a ground truth with a part its metric cannot score; were one to get here,
    // it is the platform's fault (not an InvalidFile): the submission fails and its allowance is refunded.
    if (value === null) throw new Error(`the ${truth.metric} metric cannot score the ${part} part`);
    return value;
  };
  return {
    publicScore: split('public', 0, truth.publicRows),
    privateScore: split('private', truth.publicRows, truth.rows),
    rows: submitted,
  };
}
