import type { scoring } from '@sais/events';
import { type Lines, fnv1a, parseNumber, plain, refusal, text } from './csv.ts';
import { ROW_OK, row, rowRefusal, splitRow, unquote } from './fields.ts';
import { type GroundTruth, RECORD, directSlot } from './ground-truth.ts';
import { type Viewed, home, next, probe, viewed } from './hash-index.ts';
import { metricOf } from './metrics.ts';

/**
 * Reading a submission's rows a batch at a time (score.ts for one thread, scan.ts for a chunk of the
 * file on any thread of the scan pool).
 */

export const shown = (bytes: Uint8Array, start: number, end: number) => {
  const value = text(bytes, start, Math.min(end, start + 40));
  return end - start > 40 ? `${value}…` : value;
};

/**
 * Rows are read a batch at a time, then looked up: lookups back to back keep many memory reads in flight.
 * With a hash index, smaller batches: a batch's records and ids, loaded ahead of the probes, must still be in the
 * caches (and their pages in the TLB) when the probes come (256 measured ~25 % faster than 4,096).
 */
export const BATCH = 4096;
export const HASHED_BATCH = 256;

/** In `Batch#slots`: the id is to be found in the hash index by `Batch#hashes` (when the batch is checked). */
export const PROBE = -2;
/** A record's position field (plus one; 0: empty). */
const POSITION = 3;

/**
 * Reads a batch of rows: for each, where its id is (its byte range: in the file, or for a quoted id
 * with `""` unquoted into `unquoted`, then its start stored as `~start`), its ground-truth slot (-1
 * when it is no test id; PROBE with the id's hash for a hash index) and its value (for a label metric:
 * the code of its normalised label; a label the ground truth does not have gets a new code). A row
 * that cannot be read stops the batch with `refusal` set: its line's message, to be thrown once the rows
 * before it (and its own id, when the value was the problem) have been checked.
 */
export class Batch {
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
  refusal: scoring.FileRefusal | null = null;
  done = false;
  /** What the loads ahead of the probes read, folded together: kept only so they are not optimised away. */
  touched = 0;
  /** Hash index: per row, the record its probe goes on from (#probeAll). */
  readonly #found = new Int32Array(BATCH);
  /** For a label metric: this submission's codes, the ground truth's labels' and then its own new ones. */
  readonly #labelCodes: Map<string, number> | null;
  readonly #normalize: (label: string) => string;

  lines: Lines;
  readonly truth: GroundTruth;

  constructor(lines: Lines, truth: GroundTruth) {
    this.lines = lines;
    this.truth = truth;
    const definition = metricOf(truth.metric);
    this.#labelCodes =
      definition.target === 'label' ? new Map(truth.labels.map((label, code) => [label, code])) : null;
    this.#normalize = definition.normalize ?? ((label) => label);
  }

  /**
   * The same batch (its arrays: ~115 KB) on other lines of a numeric submission: the scan pool's
   * threads read a job's chunks with one (scan.ts).
   */
  restart(lines: Lines): void {
    if (this.#labelCodes !== null) throw new Error('a label batch codes one submission: make a new one');
    this.lines = lines;
    this.size = 0;
    this.firstLine = 0;
    this.#unquotedUsed = 0;
    this.refusal = null;
    this.done = false;
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
    if (problem !== ROW_OK) return this.#refuse(rowRefusal(problem, number, `id,${truth.target}`), false);
    let { idStart, idEnd } = row;
    const { valueStart, valueEnd, valueEscaped } = row;
    if (idStart === idEnd) return this.#refuse(refusal('emptyId', { line: number }), false);
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
        return this.#refuse(refusal('emptyValue', { line: number, column: truth.target }), true);
      return true;
    }
    const value = valueEscaped ? Number.NaN : parseNumber(bytes, valueStart, valueEnd);
    this.values[n] = value;
    if (!Number.isNaN(value)) return true;
    const spelled = shown(bytes, valueStart, valueEnd);
    const raw = (valueEscaped ? spelled.replaceAll('""', '"') : spelled).trim();
    const line = number;
    const column = truth.target;
    return this.#refuse(
      raw === ''
        ? refusal('emptyValue', { line, column })
        : /^[+-]?(nan|inf(inity)?)$/i.test(raw)
          ? refusal('notFinite', { line, column, value: raw })
          : refusal('notANumber', { line, column, value: raw }),
      true,
    );
  }

  /**
   * Turns the batch's slots into positions in split order (-1: no test id), by the direct index or the
   * hash index (`file`: the bytes the rows were read from, with a DataView). Lookups happen here, back
   * to back, rather than while parsing: their memory reads overlap.
   */
  lookUp(file: Viewed): void {
    const { truth, slots, size } = this;
    if (!truth.direct) {
      this.#probeAll(file);
      return;
    }
    const positions = truth.positions;
    for (let i = 0; i < size; i++) {
      const slot = slots[i]!;
      slots[i] = slot < 0 ? -1 : positions[slot]!;
    }
  }

  /**
   * Hash index, in three passes over the batch so that the memory reads of different rows overlap
   * instead of waiting for each other: (1) each row's home record is loaded (reads independent of each
   * other: the processor has many in flight); (2) from there, in the cache now, the first record with
   * the id's hash (or the empty one that ends the probe) is found, and the first and last byte of the
   * id it points to are loaded — the record that holds the id, not only its home (with linear probing
   * at 0.7 full about a third of ids are not in their home record, and each such id's bytes were a
   * wait of a whole memory read in the probe); (3) each id is compared with its record's, in the cache,
   * and the probe goes on only after a hash collision (probe() from that record: those before it have
   * other hashes).
   */
  #probeAll(file: Viewed): void {
    const { table, keys, keyView } = this.truth;
    const { hashes, slots, starts, ends, size } = this;
    const found = this.#found;
    const records = table.length / RECORD;
    let sink = 0;
    for (let i = 0; i < size; i++)
      if (slots[i] === PROBE) sink ^= table[home(hashes[i]!, records) + POSITION]!;
    for (let i = 0; i < size; i++) {
      if (slots[i] !== PROBE) continue;
      const hash = hashes[i]!;
      let at = home(hash, records);
      while (table[at + POSITION] !== 0 && table[at] !== hash) at = next(at, table.length);
      found[i] = at;
      // The id's first and last byte: an id may straddle two cache lines.
      const end = table[at + 2]!;
      sink ^= keys[table[at + 1]!]! ^ keys[end > 0 ? end - 1 : 0]!;
    }
    // Kept, so the compiler cannot drop the loads as unused.
    this.touched = sink;
    for (let i = 0; i < size; i++) {
      if (slots[i] !== PROBE) {
        slots[i] = -1;
        continue;
      }
      const at = found[i]!;
      if (table[at + POSITION] === 0) {
        slots[i] = -1;
        continue;
      }
      const start = starts[i]!;
      const record =
        start >= 0
          ? probe(table, keyView, hashes[i]!, file, start, ends[i]!, at)
          : probe(table, keyView, hashes[i]!, this.unquoted, ~start, ends[i]!, at);
      slots[i] = table[record + POSITION]! - 1;
    }
  }

  #refuse(reason: scoring.FileRefusal, stored: boolean): boolean {
    this.refusal = reason;
    return stored;
  }
}
