import type { Api } from './api.ts';
import { type FieldKey, type Language, type TextKey, field, text } from './i18n.ts';

/** What every command gets: the API, the language, and where its output goes. */
export interface Context {
  api: Api;
  language: Language;
  json: boolean;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Whether stderr is a terminal (progress bars only then). */
  interactive: boolean;
  t: (key: TextKey, values?: Record<string, string | number>) => string;
  /** A column header or field name in the chosen language. */
  f: (key: FieldKey) => string;
  /** The environment the command runs in (where the config and the open uploads are kept). */
  env: NodeJS.ProcessEnv;
}

export const makeF = (language: Language) => (key: FieldKey) => field(language, key);

export function makeT(language: Language) {
  return (key: TextKey, values?: Record<string, string | number>) => text(language, key, values);
}

/** Display width: CJK characters take two columns. */
function width(value: string): number {
  let columns = 0;
  for (const char of value)
    columns +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
        char,
      )
        ? 2
        : 1;
  return columns;
}

const cell = (value: unknown) => (value === null || value === undefined ? '-' : String(value));

/** A plain table: a header row, then one row per record, columns padded to their widest cell. */
export function table(headers: string[], rows: unknown[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(cell))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => width(row[i] ?? ''))));
  return cells
    .map((row) =>
      row
        .map((value, i) => (i === row.length - 1 ? value : value + ' '.repeat(widths[i]! - width(value))))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Named fields, one a line, the values aligned after the longest name. */
export function fieldLines(context: Context, pairs: [FieldKey, unknown][]): string[] {
  const names = pairs.map(([key]) => context.f(key));
  const widest = Math.max(...names.map(width));
  return pairs.map(([, value], i) => `${names[i]}${' '.repeat(widest - width(names[i]!) + 2)}${cell(value)}`);
}

/** The data as JSON (`--json`), or the human form. */
export function emit(context: Context, data: unknown, human: () => string) {
  context.out(context.json ? JSON.stringify(data, null, 2) : human());
}

/** A text in the chosen language from the platform's `{ 'zh-CN', en }` pair. */
export const localized = (context: Context, value: { en: string; 'zh-CN': string } | string | null) =>
  value === null ? '' : typeof value === 'string' ? value : value[context.language];
