/**
 * Ground truth and submission files for `npm run bench -- scoring`: `id,target`, the same ids shuffled
 * independently in each file, seeded. Kinds of ids:
 * - int: 0…rows-1 (the scorer's direct index);
 * - string: `r` + 10 hex digits + a counter (11–17 characters), as sample names are;
 * - uuid: random version-4 UUIDs (36 characters);
 * - quoted: every id a quoted CSV field with a comma, spaces and an escaped quote, e.g.
 *   `"st 3fa9c01b, ""N"" 12"` (the id is `st 3fa9c01b, "N" 12`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../services/scoring/test/random.ts';

export const ID_KINDS = ['int', 'string', 'uuid', 'quoted'] as const;
export type IdKind = (typeof ID_KINDS)[number];

const hex = (next: () => number, digits: number) => {
  let text = '';
  for (let i = 0; i < digits; i++) text += ((next() * 16) | 0).toString(16);
  return text;
};

function idsOf(kind: IdKind, rows: number, next: () => number): string[] {
  const ids = new Array<string>(rows);
  for (let i = 0; i < rows; i++) {
    if (kind === 'int') ids[i] = String(i);
    else if (kind === 'string') ids[i] = `r${hex(next, 10)}${i}`;
    else if (kind === 'uuid') {
      const h = hex(next, 30);
      const variant = '89ab'[(next() * 4) | 0];
      ids[i] =
        `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(12, 15)}-${variant}${h.slice(15, 18)}-${h.slice(18, 30)}`;
    } else ids[i] = `"st ${hex(next, 8)}, ""N"" ${i}"`;
  }
  return ids;
}

function shuffled(n: number, next: () => number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const swap = order[i]!;
    order[i] = order[j]!;
    order[j] = swap;
  }
  return order;
}

export interface ScoringFiles {
  truthPath: string;
  submissionPath: string;
  truthBytes: number;
  submissionBytes: number;
}

/** Writes truth.csv and submission.csv into `dir`; values like `523.117` and `523.6214`. */
export function writeScoringFiles(dir: string, rows: number, kind: IdKind, seed: number): ScoringFiles {
  const next = seededRandom(seed);
  const ids = idsOf(kind, rows, next);
  const truth = new Float64Array(rows);
  for (let i = 0; i < rows; i++) truth[i] = Math.round(next() * 1e6) / 1e3;
  const write = (name: string, value: (row: number) => string) => {
    const order = shuffled(rows, next);
    const parts: string[] = ['id,target\n'];
    for (let k = 0; k < rows; k++) parts.push(`${ids[order[k]!]},${value(order[k]!)}\n`);
    const text = parts.join('');
    const path = join(dir, name);
    writeFileSync(path, text);
    return { path, bytes: Buffer.byteLength(text) };
  };
  const truthFile = write('truth.csv', (row) => String(truth[row]));
  const submissionFile = write('submission.csv', (row) => (truth[row]! + (next() - 0.5) * 2).toFixed(4));
  return {
    truthPath: truthFile.path,
    submissionPath: submissionFile.path,
    truthBytes: truthFile.bytes,
    submissionBytes: submissionFile.bytes,
  };
}
