import { InvalidFile, readLines, parseNumber, text, twoColumns } from './csv.ts';
import { type GroundTruth, canonicalInteger, findRow } from './ground-truth.ts';

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
 * Scores a submission `id,<target>` against the ground truth, checking everything a participant can
 * get wrong; an InvalidFile names the line and column. Lower is better for rmse and mae.
 */
export function scoreSubmission(bytes: Uint8Array, truth: GroundTruth): Scores {
  const lines = readLines(bytes);
  const header = text(bytes, lines.starts[0]!, lines.ends[0]!).trim();
  const expected = `id,${truth.target}`;
  if (header !== expected)
    throw new InvalidFile(`Line 1: the header must be "${expected}", found "${header.slice(0, 80)}".`);
  // Direct index: flags by id (1 test id, 2 public, 4 seen here); otherwise `seen` by ground-truth row.
  const flags = truth.directFlags ? truth.directFlags.slice() : null;
  const values = truth.directValues ?? truth.values;
  const seen = flags ? new Uint8Array(0) : new Uint8Array(truth.rows);
  let publicSum = 0;
  let privateSum = 0;
  const labelCodes =
    truth.metric === 'accuracy' ? new Map(truth.labels.map((label, code) => [label, code])) : null;
  for (let line = 1; line < lines.count; line++) {
    const start = lines.starts[line]!;
    const end = lines.ends[line]!;
    const where = `Line ${line + 1}`;
    const comma = twoColumns(bytes, start, end);
    if (comma === -1) throw new InvalidFile(`${where}: expected 2 columns (id,${truth.target}).`);
    if (comma === start) throw new InvalidFile(`${where}, column id: the id is empty.`);
    let row: number;
    let isPublic: boolean;
    if (flags) {
      row = canonicalInteger(bytes, start, comma) - truth.directBase;
      const flag = row < 0 || row >= flags.length ? 0 : flags[row]!;
      if ((flag & 1) === 0)
        throw new InvalidFile(
          `${where}, column id: "${shown(bytes, start, comma)}" is not a test id (extra id).`,
        );
      if (flag & 4)
        throw new InvalidFile(
          `${where}, column id: "${shown(bytes, start, comma)}" appears twice (duplicate id).`,
        );
      flags[row] = flag | 4;
      isPublic = (flag & 2) !== 0;
    } else {
      row = findRow(truth, bytes, start, comma);
      if (row === -1)
        throw new InvalidFile(
          `${where}, column id: "${shown(bytes, start, comma)}" is not a test id (extra id).`,
        );
      if (seen[row])
        throw new InvalidFile(
          `${where}, column id: "${shown(bytes, start, comma)}" appears twice (duplicate id).`,
        );
      seen[row] = 1;
      isPublic = truth.isPublic[row] === 1;
    }
    let error: number;
    if (labelCodes) {
      const label = text(bytes, comma + 1, end).trim();
      if (label === '') throw new InvalidFile(`${where}, column ${truth.target}: the value is empty.`);
      error = labelCodes.get(label) === values[row] ? 0 : 1;
    } else {
      const value = parseNumber(bytes, comma + 1, end);
      if (Number.isNaN(value)) {
        const raw = shown(bytes, comma + 1, end).trim();
        const what =
          raw === ''
            ? 'the value is empty'
            : /^[+-]?(nan|inf(inity)?)$/i.test(raw)
              ? `"${raw}" is not a finite number (NaN)`
              : `"${raw}" is not a number`;
        throw new InvalidFile(`${where}, column ${truth.target}: ${what}.`);
      }
      const difference = value - values[row]!;
      error = truth.metric === 'mae' ? Math.abs(difference) : difference * difference;
    }
    if (isPublic) publicSum += error;
    else privateSum += error;
  }
  const submitted = lines.count - 1;
  if (submitted < truth.rows) {
    const example = flags
      ? String(truth.directBase + flags.findIndex((flag) => (flag & 5) === 1))
      : shown(truth.bytes, truth.idStart[seen.indexOf(0)]!, truth.idEnd[seen.indexOf(0)]!);
    throw new InvalidFile(
      `${truth.rows - submitted} test id(s) are missing (missing ids), e.g. "${example}".`,
    );
  }
  const privateRows = truth.rows - truth.publicRows;
  const finish = (sum: number, count: number) => {
    if (count === 0) return 0;
    if (truth.metric === 'rmse') return Math.sqrt(sum / count);
    if (truth.metric === 'mae') return sum / count;
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
