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
  // A code submission's run: the container runner's own verdicts (services/scoring/src/containers).
  registryUnauthorized: {
    params: ['image'],
    en: 'The registry refused the username and password for {{image}} (unauthorized); check them and submit again.',
    'zh-CN': '镜像仓库拒绝了 {{image}} 的用户名和密码（未授权）；请检查后重新提交。',
  },
  imagePrivate: {
    params: ['image'],
    en: '{{image}} is private: enter the registry username and password and submit again.',
    'zh-CN': '{{image}} 是私有镜像：请填写镜像仓库的用户名和密码后重新提交。',
  },
  imageNotFound: {
    params: ['image'],
    en: 'The image {{image}} was not found in its registry.',
    'zh-CN': '在镜像仓库中找不到镜像 {{image}}。',
  },
  imageNotPullable: {
    params: ['image'],
    en: 'The image {{image}} could not be pulled: its registry did not answer as a registry does. Check the address and that the registry is reachable from the internet.',
    'zh-CN':
      '无法拉取镜像 {{image}}：其仓库没有按镜像仓库的方式应答。请检查地址，并确认该仓库可从互联网访问。',
  },
  registryRefused: {
    params: ['image'],
    en: 'The image {{image}} was not pulled: its registry is on a local or private network, which this competition does not allow.',
    'zh-CN': '未拉取镜像 {{image}}：其仓库位于本地或私有网络，本比赛不允许。',
  },
  imageGone: {
    params: ['image'],
    en: 'The image {{image}} is no longer on this runner and its credentials were deleted after the first pull; please submit again.',
    'zh-CN': '镜像 {{image}} 已不在评测机上，且其登录凭据在首次拉取后已删除；请重新提交。',
  },
  imageTooLarge: {
    params: ['size', 'limit'],
    en: 'The image is {{size}} MB; the limit is {{limit}} MB.',
    'zh-CN': '镜像大小为 {{size}} MB，上限为 {{limit}} MB。',
  },
  imageTooManyLayers: {
    params: ['layers', 'limit'],
    en: 'The image has {{layers}} layers; the limit is {{limit}}.',
    'zh-CN': '镜像有 {{layers}} 层，上限为 {{limit}} 层。',
  },
  runTimeout: {
    params: ['seconds'],
    en: 'Stopped after {{seconds}} s: the run reached its time limit.',
    'zh-CN': '运行 {{seconds}} 秒后被停止：已达到运行时间上限。',
  },
  runOutOfMemory: {
    params: ['limit'],
    en: 'The run was stopped: out of memory (limit {{limit}} MB).',
    'zh-CN': '运行被停止：内存不足（上限 {{limit}} MB）。',
  },
  runTooManyProcesses: {
    params: ['limit'],
    en: 'The run was stopped: it reached its limit of {{limit}} processes and threads (in the platform’s sandbox, the sandbox’s own threads count too).',
    'zh-CN': '运行被停止：已达到 {{limit}} 个进程和线程的上限（在平台的沙箱中，沙箱自身的线程也计入其中）。',
  },
  runScriptMissing: {
    params: ['path', 'exitCode'],
    en: 'The run script {{path}} was not found in the image or is not executable (exit code {{exitCode}}).',
    'zh-CN': '镜像中找不到运行脚本 {{path}}，或该脚本不可执行（退出码 {{exitCode}}）。',
  },
  runExitCode: {
    params: ['exitCode', 'seconds'],
    en: 'The run script exited with code {{exitCode}} after {{seconds}} s.',
    'zh-CN': '运行脚本在 {{seconds}} 秒后退出，退出码为 {{exitCode}}。',
  },
  noResultFile: {
    params: [],
    en: 'The run finished but left no result file in /saisresult (expected /saisresult/result.csv).',
    'zh-CN': '运行已结束，但 /saisresult 中没有结果文件（应为 /saisresult/result.csv）。',
  },
  tooManyResultFiles: {
    params: ['count'],
    en: '/saisresult holds {{count}} files and no result.csv; write the result to /saisresult/result.csv.',
    'zh-CN': '/saisresult 中有 {{count}} 个文件但没有 result.csv；请把结果写入 /saisresult/result.csv。',
  },
  resultUnreadable: {
    params: ['name'],
    en: '/saisresult/{{name}} could not be read.',
    'zh-CN': '无法读取 /saisresult/{{name}}。',
  },
  resultTooLarge: {
    params: ['limit'],
    en: 'The run was stopped: /saisresult grew past its limit of {{limit}} MB.',
    'zh-CN': '运行被停止：/saisresult 超过了 {{limit}} MB 的上限。',
  },
  smokeSplitGone: {
    params: [],
    en: 'This smoke run was not started: the competition no longer has a smoke split (or it was hidden). It used none of your submissions.',
    'zh-CN': '此次试运行未启动：本比赛已不再提供试运行数据集（或该数据集已被隐藏）。不占用您的提交次数。',
  },
  runSuperseded: {
    params: [],
    en: 'Stopped: your team confirmed a newer code submission while this one was still waiting or running.',
    'zh-CN': '已停止：您的队伍在此提交等待或运行期间确认了一个新的代码提交。',
  },
  // Platform faults (decision 0044): the runner tries the run again (SCORING_RUNNER_MAX_ATTEMPTS) and, when
  // it fails again, refunds it; the texts say so, and never carry the engine's or the host's words (those
  // are the operators', in the EvaluationFailed event's reason and the log).
  engineUnavailable: {
    params: [],
    en: 'The platform’s container engine was not available (the platform’s fault, not your image’s); the run was retried automatically and this submission does not count against your daily limit.',
    'zh-CN':
      '平台的容器引擎不可用（这是平台的故障，不是您镜像的问题）；运行已自动重试，本次提交不计入每日提交次数。',
  },
  sandboxUnavailable: {
    params: ['runtime'],
    en: 'The platform’s sandbox was not available, so the run was not started (the platform’s fault, not your image’s); it was retried automatically and this submission does not count against your daily limit.',
    'zh-CN':
      '平台的沙箱不可用，因此未启动运行（这是平台的故障，不是您镜像的问题）；运行已自动重试，本次提交不计入每日提交次数。',
  },
  engineError: {
    params: [],
    en: 'The platform’s container engine failed while running your image (the platform’s fault, not your image’s); the run was retried automatically and this submission does not count against your daily limit.',
    'zh-CN':
      '平台的容器引擎在运行您的镜像时出错（这是平台的故障，不是您镜像的问题）；运行已自动重试，本次提交不计入每日提交次数。',
  },
  runnerStopped: {
    params: ['times'],
    en: 'The platform’s runner stopped during the run {{times}} times (the platform’s fault, not your image’s); it was retried automatically and this submission does not count against your daily limit.',
    'zh-CN':
      '平台的评测机在运行期间停止了 {{times}} 次（这是平台的故障，不是您镜像的问题）；运行已自动重试，本次提交不计入每日提交次数。',
  },
} as const satisfies Record<string, { params: readonly string[] } & Record<Language, string>>;

export type FileRefusalKey = keyof typeof fileRefusalTexts;

/**
 * Every way a container run ends Failed or Invalid, by cause (decision 0044): the runner's verdict keys.
 * A participant reads each in the portal, the CLI (`sais submissions`) and the API (`refusal`, `logText`).
 */
export const containerRunVerdicts = {
  pull: [
    'imageNotFound',
    'imagePrivate',
    'registryUnauthorized',
    'imageNotPullable',
    'registryRefused',
    'imageGone',
    'imageTooLarge',
    'imageTooManyLayers',
  ],
  script: ['runScriptMissing', 'runExitCode', 'noResultFile', 'tooManyResultFiles', 'resultUnreadable'],
  limits: ['runTimeout', 'runOutOfMemory', 'runTooManyProcesses', 'resultTooLarge'],
  stopped: ['runSuperseded'],
  /** A smoke run whose competition's smoke split went away before it ran (decision 0049). */
  smoke: ['smokeSplitGone'],
  /** The platform's faults: retried, then refunded. */
  platform: ['sandboxUnavailable', 'engineUnavailable', 'engineError', 'runnerStopped'],
} as const satisfies Record<string, readonly FileRefusalKey[]>;

/**
 * The parameters a participant's text may show: the participant's own image reference and run script,
 * limits, sizes, counts, times and exit codes, and the CSV checks' line, column and values (their own
 * file's). Anything else a verdict records (the engine runtime's name) stays in its parameters, for
 * operators; events/test/file-refusals.unit.test.ts checks no text uses another.
 */
export const participantParams = [
  'image',
  'path',
  'name',
  'limit',
  'size',
  'layers',
  'count',
  'seconds',
  'exitCode',
  'times',
  'line',
  'column',
  'columns',
  'value',
  'id',
  'expected',
  'found',
  'example',
  'reason',
] as const;
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
 * A submission's log as events carry it: a refusal or a container run's verdict (since issue 21), or the
 * English sentence older events hold (shown as is).
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
