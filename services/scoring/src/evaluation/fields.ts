import type { scoring } from '@sais/events';
import { refusal } from './csv.ts';
/**
 * The two fields of a line `id,value` as RFC 4180 (and pandas, DuckDB) read them: a field that starts
 * with a double quote runs to its closing quote — commas inside are text, `""` is one quote — and the
 * field is what is between the quotes; any other field runs to the next comma, a quote in it being text.
 * So `"a,b",1` has the id `a,b`, and `"r1",1` the id `r1`, the same as `r1,1`. A row is one line: a line
 * break inside quotes is refused rather than read across lines (line numbers in messages stay right).
 */

const COMMA = 0x2c;
const QUOTE = 0x22;

/** What splitRow found: each field's content range, and whether it holds `""` to be undone (unquote). */
export const row = {
  idStart: 0,
  idEnd: 0,
  idEscaped: false,
  valueStart: 0,
  valueEnd: 0,
  valueEscaped: false,
};

/** splitRow's answers: the row has its two fields, or what is wrong with it. */
export const ROW_OK = 0;
export const ROW_COLUMNS = 1;
export const ROW_UNCLOSED = 2;
export const ROW_AFTER_QUOTE = 3;

const field = { start: 0, end: 0, escaped: false, problem: ROW_OK };

/** Reads the field at `at`: returns where it ends (a comma or `end`), or -1 with `field.problem` set. */
function readField(bytes: Uint8Array, at: number, end: number): number {
  if (at < end && bytes[at] === QUOTE) {
    let i = at + 1;
    let escaped = false;
    for (;;) {
      if (i >= end) {
        field.problem = ROW_UNCLOSED;
        return -1;
      }
      if (bytes[i] === QUOTE) {
        if (i + 1 < end && bytes[i + 1] === QUOTE) {
          escaped = true;
          i += 2;
          continue;
        }
        break;
      }
      i++;
    }
    field.start = at + 1;
    field.end = i;
    field.escaped = escaped;
    if (i + 1 < end && bytes[i + 1] !== COMMA) {
      field.problem = ROW_AFTER_QUOTE;
      return -1;
    }
    return i + 1;
  }
  let i = at;
  while (i < end && bytes[i] !== COMMA) i++;
  field.start = at;
  field.end = i;
  field.escaped = false;
  return i;
}

/** Splits the line start…end into its two fields (into `row`); ROW_OK, or what is wrong with it. */
export function splitRow(bytes: Uint8Array, start: number, end: number): number {
  const afterId = readField(bytes, start, end);
  if (afterId === -1) return field.problem;
  if (afterId === end) return ROW_COLUMNS;
  row.idStart = field.start;
  row.idEnd = field.end;
  row.idEscaped = field.escaped;
  const afterValue = readField(bytes, afterId + 1, end);
  if (afterValue === -1) return field.problem;
  if (afterValue !== end) return ROW_COLUMNS;
  row.valueStart = field.start;
  row.valueEnd = field.end;
  row.valueEscaped = field.escaped;
  return ROW_OK;
}

/** Why line `line` of a result file is refused, for splitRow's problems; `columns` names the expected columns. */
export function rowRefusal(problem: number, line: number, columns: string): scoring.FileRefusal {
  if (problem === ROW_UNCLOSED) return refusal('unclosedQuote', { line });
  if (problem === ROW_AFTER_QUOTE) return refusal('textAfterQuote', { line });
  return refusal('columnCount', { line, columns });
}

/** The same in English, for a ground truth's refusal (the operator's console shows it as is). */
export function rowProblem(problem: number, columns: string): string {
  if (problem === ROW_UNCLOSED)
    return 'a quoted field is not closed on its line (a line break inside quotes is not supported).';
  if (problem === ROW_AFTER_QUOTE)
    return 'text after the closing quote of a field (a quote inside a quoted field is written "").';
  return `expected 2 columns (${columns}).`;
}

/**
 * Copies the content start…end of a quoted field into `target` at `at` with each `""` undone to `"`;
 * returns where the copy ends. `target` must have room for end - start bytes.
 */
export function unquote(
  bytes: Uint8Array,
  start: number,
  end: number,
  target: Uint8Array,
  at: number,
): number {
  let out = at;
  for (let i = start; i < end; i++) {
    const byte = bytes[i]!;
    target[out++] = byte;
    if (byte === QUOTE) i++; // the second quote of the pair
  }
  return out;
}

/** The two header fields, unquoted, as text (a header is short: strings are fine here). */
export function headerFields(bytes: Uint8Array, start: number, end: number): string[] | null {
  if (splitRow(bytes, start, end) !== ROW_OK) return null;
  const decode = (from: number, to: number, escaped: boolean) => {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('utf8');
    return escaped ? text.replaceAll('""', '"') : text;
  };
  return [
    decode(row.idStart, row.idEnd, row.idEscaped),
    decode(row.valueStart, row.valueEnd, row.valueEscaped),
  ];
}
