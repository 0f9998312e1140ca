import { z } from 'zod';
import type { Language } from '../messages/text.ts';

/**
 * Why the scorer refused a result file (or could not score it), as a key with parameters: the one
 * catalogue of these texts, in both languages. The scorer records `{ key, params }` (in
 * SubmissionInvalid / SubmissionRescored and the submission's row); every reader renders it in its own
 * language (the portal, the console, the inbox, the API's `logText` for the CLI). `{{name}}` placeholders
 * are filled from `params`, as the error messages' are (translateWith). Each key lists the parameters its
 * texts may use; events/test/file-refusals.unit.test.ts checks both languages use no others.
 */
export const fileRefusalTexts = {
  notUtf8: {
    params: [],
    en: 'The file is not UTF-8 text (wrong encoding).',
    'zh-CN': '文件不是 UTF-8 编码的文本（编码错误）。',
  },
  emptyFile: { params: [], en: 'The file is empty.', 'zh-CN': '文件为空。' },
  headerMismatch: {
    params: ['line', 'expected', 'found'],
    en: 'Line {{line}}: the header must be "{{expected}}", found "{{found}}".',
    'zh-CN': '第 {{line}} 行：表头必须是“{{expected}}”，实际为“{{found}}”。',
  },
  unclosedQuote: {
    params: ['line'],
    en: 'Line {{line}}: a quoted field is not closed on its line (a line break inside quotes is not supported).',
    'zh-CN': '第 {{line}} 行：带引号的字段在本行内没有闭合（不支持在引号内换行）。',
  },
  textAfterQuote: {
    params: ['line'],
    en: 'Line {{line}}: text after the closing quote of a field (a quote inside a quoted field is written "").',
    'zh-CN': '第 {{line}} 行：字段的闭合引号之后还有文字（引号字段内的引号应写作两个引号 ""）。',
  },
  columnCount: {
    params: ['line', 'columns'],
    en: 'Line {{line}}: expected 2 columns ({{columns}}).',
    'zh-CN': '第 {{line}} 行：应为 2 列（{{columns}}）。',
  },
  emptyId: {
    params: ['line'],
    en: 'Line {{line}}, column id: the id is empty.',
    'zh-CN': '第 {{line}} 行 id 列：id 为空。',
  },
  emptyValue: {
    params: ['line', 'column'],
    en: 'Line {{line}}, column {{column}}: the value is empty.',
    'zh-CN': '第 {{line}} 行 {{column}} 列：值为空。',
  },
  notFinite: {
    params: ['line', 'column', 'value'],
    en: 'Line {{line}}, column {{column}}: "{{value}}" is not a finite number (NaN).',
    'zh-CN': '第 {{line}} 行 {{column}} 列：“{{value}}”不是有限的数值。',
  },
  notANumber: {
    params: ['line', 'column', 'value'],
    en: 'Line {{line}}, column {{column}}: "{{value}}" is not a number.',
    'zh-CN': '第 {{line}} 行 {{column}} 列：“{{value}}”不是数值。',
  },
  duplicateId: {
    params: ['line', 'id'],
    en: 'Line {{line}}, column id: "{{id}}" appears twice (duplicate id).',
    'zh-CN': '第 {{line}} 行 id 列：“{{id}}”出现了两次（重复的 id）。',
  },
  extraId: {
    params: ['line', 'id'],
    en: 'Line {{line}}, column id: "{{id}}" is not a test id (extra id).',
    'zh-CN': '第 {{line}} 行 id 列：“{{id}}”不是测试集的 id（多余的 id）。',
  },
  missingIds: {
    params: ['count', 'example'],
    en: '{{count}} test id(s) are missing (missing ids), e.g. "{{example}}".',
    'zh-CN': '缺少 {{count}} 个测试集的 id（缺失的 id），例如“{{example}}”。',
  },
  evaluationFailed: {
    params: ['reason'],
    en: 'The platform could not score this submission ({{reason}}); it does not count against your daily limit.',
    'zh-CN': '平台未能评测此提交（{{reason}}）；本次提交不计入每日提交次数。',
  },
} as const satisfies Record<string, { params: readonly string[] } & Record<Language, string>>;

export type FileRefusalKey = keyof typeof fileRefusalTexts;
export const fileRefusalKeys = Object.keys(fileRefusalTexts) as [FileRefusalKey, ...FileRefusalKey[]];

/** The parameters a key's texts use: each one required. */
export type FileRefusalParams<K extends FileRefusalKey> = Record<
  (typeof fileRefusalTexts)[K]['params'][number],
  string | number
>;

/** A refusal as recorded: its key and the values of its parameters. */
export interface FileRefusal {
  key: FileRefusalKey;
  params: Record<string, string | number>;
}

/** A refusal with the parameters its key needs (the compiler checks each is given). */
export function fileRefusal<K extends FileRefusalKey>(key: K, params: FileRefusalParams<K>): FileRefusal {
  return { key, params };
}

/** The stored form: a key known to the catalogue, with every parameter its texts use. */
export const fileRefusalSchema = z
  .object({
    key: z.enum(fileRefusalKeys),
    params: z.record(z.string().max(40), z.union([z.string().max(300), z.number()])),
  })
  .superRefine((value, context) => {
    for (const name of fileRefusalTexts[value.key].params as readonly string[])
      if (!(name in value.params))
        context.addIssue({ code: 'custom', path: ['params', name], message: `${value.key} needs ${name}` });
  });

/**
 * A submission's log as events carry it: a refusal (since issue 21), or the English sentence older events
 * and the container runs' own reasons hold (shown as is).
 */
export const submissionLogSchema = z.union([z.string().max(2000), fileRefusalSchema]);
export type SubmissionLog = string | FileRefusal;

/** A refusal's text in `language`, its placeholders filled. */
export function fileRefusalText(refusal: FileRefusal, language: Language): string {
  const texts = fileRefusalTexts[refusal.key] as Record<Language, string> | undefined;
  // A key this build does not know (a newer scorer): its parameters, rather than nothing.
  if (!texts) return `${refusal.key} ${JSON.stringify(refusal.params)}`;
  return texts[language].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = refusal.params[name];
    return value === undefined ? whole : String(value);
  });
}

/** A log in `language`: a refusal rendered, a plain string (an older English log) as it is. */
export function submissionLogText(log: SubmissionLog | null | undefined, language: Language): string | null {
  if (log === null || log === undefined) return null;
  return typeof log === 'string' ? log : fileRefusalText(log, language);
}

/**
 * A submission row's whole log in `language`: the run's own output (container submissions; older rows'
 * English text) followed by the refusal, rendered.
 */
export function submissionRowLogText(
  log: string | null | undefined,
  refusal: FileRefusal | null | undefined,
  language: Language,
): string | null {
  const parts = [log?.trimEnd(), submissionLogText(refusal, language)].filter(Boolean);
  return parts.length > 0 ? parts.join('\n\n') : null;
}
