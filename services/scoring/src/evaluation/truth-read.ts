import {
  InvalidFile,
  canonicalInteger,
  estimateLines,
  fnv1a,
  type Lines,
  openLines,
  parseNumber,
  plain,
  text,
} from './csv.ts';
import { ROW_OK, headerFields, row, rowProblem, splitRow, unquote } from './fields.ts';
import { BatchedInserts, RECORD, tableRecords } from './hash-index.ts';
import { type MetricName, metricOf } from './metrics.ts';
import { sharedArray } from './shared-memory.ts';

/**
 * Reading a ground-truth file `id,<target>` row by row, checking each has an id and a value the metric
 * accepts, in one of two ways: integer ids (for the direct index), or any ids as bytes (for the hash
 * index). ground-truth.ts builds the index from what these return, in file order: the public/private
 * split is applied afterwards (split.ts, its one definition).
 */

/** How a row's value is read: numbers, or labels (coded in order of first appearance). */
export class Values {
  readonly labels: string[] = [];
  readonly #codes = new Map<string, number>();
  readonly numeric: boolean;
  readonly #normalize: (label: string) => string;
  readonly #refuse: ((value: number) => string | null) | undefined;

  constructor(metric: MetricName) {
    const definition = metricOf(metric);
    this.numeric = definition.target === 'numeric';
    this.#normalize = definition.normalize ?? ((label) => label);
    this.#refuse = definition.refuseTrueValue;
  }

  /** The value of the field start…end of line `line` (its text unquoted when `escaped`). */
  read(bytes: Uint8Array, start: number, end: number, escaped: boolean, line: number): number {
    let value: number;
    if (this.numeric) {
      value = escaped ? Number.NaN : parseNumber(bytes, start, end);
      if (Number.isNaN(value)) throw new InvalidFile(`Ground truth line ${line} has no numeric value.`);
    } else {
      const raw = text(bytes, start, end);
      const label = this.#normalize(escaped ? raw.replaceAll('""', '"') : raw);
      value = this.#codes.get(label) ?? -1;
      if (value === -1) {
        value = this.labels.push(label) - 1;
        this.#codes.set(label, value);
      }
    }
    return this.check(value, bytes, start, end, line);
  }

  /** Refuses a true value the metric cannot take (AUC: 0 or 1), naming the line. */
  check(value: number, bytes: Uint8Array, start: number, end: number, line: number): number {
    const why = this.#refuse?.(value) ?? null;
    if (why !== null)
      throw new InvalidFile(
        `Ground truth line ${line}: ${why}, found "${text(bytes, start, end).trim().slice(0, 40)}".`,
      );
    return value;
  }
}

export function open(bytes: Uint8Array): { lines: Lines; target: string } {
  const lines = openLines(bytes);
  const header = headerFields(bytes, lines.start, lines.end);
  if (header === null || header[0] !== 'id')
    throw new InvalidFile('The ground truth header must be "id,<target>".');
  return { lines, target: header[1]! };
}

/** The next row the general way (quoted fields); false at the end of the file. */
export function nextGeneral(lines: Lines): boolean {
  if (!lines.next()) return false;
  const problem = splitRow(lines.bytes, lines.start, lines.end);
  if (problem !== ROW_OK)
    throw new InvalidFile(`Ground truth line ${lines.number}: ${rowProblem(problem, 'id,<target>')}`);
  if (row.idEnd === row.idStart)
    throw new InvalidFile(`Ground truth line ${lines.number} does not have an id and a value.`);
  return true;
}

function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, capacity: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(capacity);
  bigger.set(array.subarray(0, Math.min(array.length, capacity)));
  return bigger;
}

/** Rows with canonical integer ids (digits, no leading zero), in file order. */
export interface IntegerRows {
  target: string;
  count: number;
  ids: Int32Array;
  values: Float64Array;
  labels: string[];
  min: number;
  max: number;
}

/** Reads the rows for the direct index; null at the first id that is not a canonical integer. */
export function readIntegerRows(bytes: Uint8Array, metric: MetricName): IntegerRows | null {
  const { lines, target } = open(bytes);
  const values = new Values(metric);
  let capacity = estimateLines(bytes);
  const rows: IntegerRows = {
    target,
    count: 0,
    ids: new Int32Array(capacity),
    values: new Float64Array(capacity),
    labels: values.labels,
    min: Number.MAX_SAFE_INTEGER,
    max: -1,
  };
  for (; ; rows.count++) {
    const at = rows.count;
    if (at === capacity) {
      capacity = Math.ceil(capacity * 1.5);
      rows.ids = grown(rows.ids, capacity);
      rows.values = grown(rows.values, capacity);
    }
    let id: number;
    let idStart: number;
    let idEnd: number;
    if (values.numeric && lines.nextPlain()) {
      id = plain.id;
      idStart = lines.start;
      idEnd = plain.comma;
      rows.values[at] = values.check(plain.value, bytes, idEnd + 1, lines.end, lines.number);
    } else {
      if (!nextGeneral(lines)) break;
      ({ idStart, idEnd } = row);
      id = row.idEscaped ? -1 : canonicalInteger(bytes, idStart, idEnd);
      if (id < 0) return null;
      rows.values[at] = values.read(bytes, row.valueStart, row.valueEnd, row.valueEscaped, lines.number);
    }
    rows.ids[at] = id;
    if (id < rows.min) rows.min = id;
    if (id > rows.max) rows.max = id;
  }
  if (rows.count < 1) throw new InvalidFile('The ground truth has no rows.');
  return rows;
}

/**
 * Rows with any ids, read for the hash index: each id's bytes (unquoted) one after another in `keys`,
 * each id in the hash table (hash-index.ts) as it is read with its row's position in the file, and
 * `ordered`, the true values in file order. So no per-row array is kept besides `ordered`.
 */
export interface HashedRows {
  target: string;
  count: number;
  keys: Uint8Array;
  table: Int32Array;
  ordered: Float64Array;
  labels: string[];
}

export function readHashedRows(bytes: Uint8Array, metric: MetricName): HashedRows {
  const { lines, target } = open(bytes);
  const values = new Values(metric);
  let capacity = estimateLines(bytes);
  // Id bytes take at most the file's bytes; pages never written are never in memory (calloc).
  const keys = sharedArray(Uint8Array, bytes.length);
  const inserts = new BatchedInserts(
    tableRecords(capacity),
    keys,
    (start, end) => new InvalidFile(`Ground truth id "${text(keys, start, end)}" appears twice.`),
  );
  let ordered = sharedArray(Float64Array, capacity);
  let used = 0;
  let count = 0;
  const readRow = (): boolean => {
    if (count === capacity) {
      capacity = Math.ceil(capacity * 1.5);
      ordered = grown(ordered, capacity);
    }
    let value: number;
    let hash: number;
    const from = used;
    if (values.numeric && lines.nextKeyedInto(keys, used)) {
      const end = plain.comma;
      used += end - lines.start;
      hash = plain.hash;
      value = values.check(plain.value, bytes, end + 1, lines.end, lines.number);
    } else {
      if (!nextGeneral(lines)) return false;
      const { idStart, idEnd } = row;
      if (row.idEscaped) used = unquote(bytes, idStart, idEnd, keys, used);
      else for (let i = idStart; i < idEnd; i++) keys[used++] = bytes[i]!;
      hash = fnv1a(keys, from, used);
      value = values.read(bytes, row.valueStart, row.valueEnd, row.valueEscaped, lines.number);
    }
    inserts.add(hash | 0, from, used, count);
    ordered[count++] = value;
    return true;
  };
  try {
    while (readRow());
  } catch (error) {
    // A duplicate id on an earlier line than the row refused is the problem to report.
    inserts.flush();
    throw error;
  }
  inserts.flush();
  if (count < 1) throw new InvalidFile('The ground truth has no rows.');
  return {
    target,
    count,
    keys: keys.subarray(0, used),
    table: inserts.table,
    ordered: ordered.subarray(0, count),
    labels: values.labels,
  };
}
