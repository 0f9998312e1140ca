import { crc32 } from 'node:zlib';
import { type GroundTruth, type Metric } from './ground-truth.ts';
import { fnv1a } from './csv.ts';
import { RECORD, emptyTable, place, tableRecords, viewed } from './hash-index.ts';
import { inSharedMemory } from './shared-memory.ts';

/**
 * The stored form of a parsed ground truth: what the operator's upload parsed, kept beside the CSV
 * (`scoring.ground_truths.parsed`) so a worker that has not seen this ground truth maps typed arrays
 * instead of parsing the CSV. Decision 0015 has the why; the layout, little-endian:
 *
 *   0   8 bytes  magic "SAISGT" + format version (u16)
 *   8   4 bytes  length of the header (u32), JSON, from byte 24
 *   12  4 bytes  length of the whole form (u32)
 *   16  4 bytes  CRC-32 of every other byte of the form (u32)
 *   20  4 bytes  zero
 *   24  …        header: { sha256, metric, publicPercent, splitKeySha256, target, rows, publicRows, direct, directBase,
 *                labels, sections: { name: [offset, length in bytes] } }
 *   then the sections, each at a multiple of 8 bytes:
 *     ordered      float64 × rows  the true values in split order (both indexes)
 *     positions    int32 × slots   direct index: position by `id - directBase`, -1 for no test id
 *     keys         bytes           hash index: the ids (unquoted) one after another, in table order
 *     idEnds       int32 × rows    hash index: where each id in `keys` ends (the next one starts there)
 *     idPositions  int32 × rows    hash index: each id's position in split order
 *
 * The table itself (hash-index.ts) is laid out again on load, each id's hash computed again from its
 * bytes: in table order each record lands where it was, so that is one pass of writes in order.
 * Version 1 stored the table's records whole (16 bytes an id: hash, start, end, position), twice the
 * bytes of `idEnds` and `idPositions`, all of them in a worker's memory while it loads the form
 * (decision 0015, fifth pass). Version 3 is in split order under a keyed split (split.ts, decision 0024)
 * and names that split's key by its digest. A form is used only when its sha256 (of the CSV it was
 * parsed from), metric, public share, split and format version are those of the ground truth now in force, and its length,
 * checksum and sections are sound: otherwise decodeTruthForm throws a StaleForm and the caller parses
 * the CSV. So a stale or damaged form costs time, never a wrong score.
 */

export const FORM_VERSION = 3;
const MAGIC = 'SAISGT';
const PREFIX = 24;

/** A stored form that cannot be used (stale, damaged, or of another format version): parse the CSV. */
export class StaleForm extends Error {}

/** What a form must match: the ground truth now in force. */
export interface FormIdentity {
  sha256: string;
  metric: Metric;
  publicPercent: number;
  /** The digest of the split's key (split.ts): another split is another form. */
  splitKeySha256: string;
}

interface Header extends FormIdentity {
  target: string;
  rows: number;
  publicRows: number;
  direct: boolean;
  directBase: number;
  labels: string[];
  sections: Record<string, [number, number]>;
}

const align = (n: number) => Math.ceil(n / 8) * 8;
/** The checksum of a form: every byte but the checksum's own four. */
const checksum = (form: Uint8Array) => crc32(form.subarray(20), crc32(form.subarray(0, 16)));
const bytesOf = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/**
 * The ids' bytes one after another in table order, where each ends and its position: a ground truth
 * read on several threads has its ids laid out by chunk, with gaps (truth-parallel.ts).
 */
function packedIndex(truth: GroundTruth): { keys: Uint8Array; idEnds: Int32Array; idPositions: Int32Array } {
  const { table, keys: source } = truth;
  let length = 0;
  for (let at = 0; at < table.length; at += RECORD)
    if (table[at + 3] !== 0) length += table[at + 2]! - table[at + 1]!;
  const keys = new Uint8Array(length);
  const idEnds = new Int32Array(truth.rows);
  const idPositions = new Int32Array(truth.rows);
  let to = 0;
  let id = 0;
  for (let at = 0; at < table.length; at += RECORD) {
    if (table[at + 3] === 0) continue;
    keys.set(source.subarray(table[at + 1]!, table[at + 2]!), to);
    to += table[at + 2]! - table[at + 1]!;
    idEnds[id] = to;
    idPositions[id++] = table[at + 3]! - 1;
  }
  return { keys, idEnds, idPositions };
}

/** The stored form of a ground truth. */
export function encodeTruthForm(truth: GroundTruth, identity: FormIdentity): Buffer {
  const arrays: Record<string, ArrayBufferView> = truth.direct
    ? { ordered: truth.ordered, positions: truth.positions }
    : { ordered: truth.ordered, ...packedIndex(truth) };
  const header: Header = {
    ...identity,
    target: truth.target,
    rows: truth.rows,
    publicRows: truth.publicRows,
    direct: truth.direct,
    directBase: truth.directBase,
    labels: truth.labels,
    sections: {},
  };
  // Offsets depend on the header's length, which depends on the offsets' digits: lay out twice.
  let json = '';
  for (let pass = 0; pass < 2; pass++) {
    let at = align(PREFIX + Buffer.byteLength(json) + 64);
    for (const [name, array] of Object.entries(arrays)) {
      header.sections[name] = [at, array.byteLength];
      at = align(at + array.byteLength);
    }
    json = JSON.stringify(header);
  }
  const sections = Object.values(header.sections);
  if (PREFIX + Buffer.byteLength(json) > sections[0]![0])
    throw new Error('stored form: header overlaps its sections');
  const [lastAt, lastLength] = sections.at(-1)!;
  const form = Buffer.alloc(lastAt + lastLength);
  form.write(MAGIC, 0, 'latin1');
  form.writeUInt16LE(FORM_VERSION, 6);
  form.writeUInt32LE(Buffer.byteLength(json), 8);
  form.writeUInt32LE(form.length, 12);
  form.write(json, PREFIX, 'utf8');
  for (const [name, array] of Object.entries(arrays)) form.set(bytesOf(array), header.sections[name]![0]);
  form.writeUInt32LE(checksum(form), 16);
  return form;
}

/** The header of a form, after checking its prefix, length and checksum; StaleForm when they fail. */
function readHeader(form: Uint8Array): Header {
  const view = Buffer.from(form.buffer, form.byteOffset, form.byteLength);
  if (view.length < PREFIX || view.toString('latin1', 0, 6) !== MAGIC)
    throw new StaleForm('not a stored ground truth');
  if (view.readUInt16LE(6) !== FORM_VERSION)
    throw new StaleForm(`format version ${view.readUInt16LE(6)}, not ${FORM_VERSION}`);
  if (view.readUInt32LE(12) !== view.length)
    throw new StaleForm(`${view.length} bytes, ${view.readUInt32LE(12)} written (truncated?)`);
  if (checksum(view) !== view.readUInt32LE(16)) throw new StaleForm('checksum mismatch (damaged)');
  try {
    return JSON.parse(view.toString('utf8', PREFIX, PREFIX + view.readUInt32LE(8))) as Header;
  } catch {
    throw new StaleForm('unreadable header');
  }
}

/**
 * The ground truth a stored form holds, if it is the form of `identity`'s ground truth and sound;
 * otherwise a StaleForm saying why. The typed arrays are views of `form` when it is in shared memory
 * (read with readFileShared); else `ordered`, `positions` and `keys` are copied there once, for the scan
 * pool's threads (and `form` is copied once when it does not start at a multiple of 8 bytes).
 */
export function decodeTruthForm(form: Uint8Array, identity: FormIdentity): GroundTruth {
  const header = readHeader(form);
  for (const key of ['sha256', 'metric', 'publicPercent', 'splitKeySha256'] as const)
    if (header[key] !== identity[key]) throw new StaleForm(`made for another ${key} (${header[key]})`);
  const aligned = form.byteOffset % 8 === 0 ? form : new Uint8Array(form);
  const section = <T>(
    name: string,
    Type: new (b: ArrayBufferLike, at: number, n: number) => T,
    size: number,
  ) => {
    const [at, length] = header.sections[name] ?? [-1, -1];
    if (at < PREFIX || at % 8 !== 0 || length % size !== 0 || at + length > aligned.length)
      throw new StaleForm(`section ${name} missing or out of bounds`);
    return new Type(aligned.buffer, aligned.byteOffset + at, length / size);
  };
  const { rows, publicRows } = header;
  // Copied into shared memory (once, here): the scan pool's threads read them too (scan-pool.ts).
  const ordered = inSharedMemory(section('ordered', Float64Array, 8));
  if (ordered.length !== rows || publicRows < 0 || publicRows > rows)
    throw new StaleForm('row counts disagree');
  const common = {
    metric: header.metric,
    target: header.target,
    rows,
    publicRows,
    labels: header.labels,
    ordered,
    directBase: header.directBase,
  };
  if (header.direct) {
    const positions = inSharedMemory(section('positions', Int32Array, 4));
    for (let slot = 0; slot < positions.length; slot++)
      if (positions[slot]! >= rows || positions[slot]! < -1) throw new StaleForm('a position out of range');
    const keys = new Uint8Array(0);
    return {
      ...common,
      positions,
      direct: true,
      keys,
      keyView: viewed(keys),
      table: new Int32Array(0),
    };
  }
  const keys = inSharedMemory(section('keys', Uint8Array, 1));
  const idEnds = section('idEnds', Int32Array, 4);
  const idPositions = section('idPositions', Int32Array, 4);
  if (idEnds.length !== rows || idPositions.length !== rows) throw new StaleForm('row counts disagree');
  // Every id not empty and within `keys`, which they fill, each position once: a whole index.
  const seen = new Uint8Array(rows);
  const table = emptyTable(tableRecords(rows));
  for (let id = 0, start = 0; id < rows; start = idEnds[id++]!) {
    const end = idEnds[id]!;
    const position = idPositions[id]!;
    if (end <= start || end > keys.length || position < 0 || position >= rows || seen[position])
      throw new StaleForm('an id out of range');
    seen[position] = 1;
    place(table, fnv1a(keys, start, end) | 0, start, end, position);
  }
  if (idEnds[rows - 1] !== keys.length) throw new StaleForm('the ids do not fill their bytes');
  return {
    ...common,
    positions: new Int32Array(0),
    direct: false,
    keys,
    keyView: viewed(keys),
    table,
  };
}
