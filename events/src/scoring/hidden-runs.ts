/**
 * What a participant may read of a container run that had hidden datasets mounted at /saisdata (issue 36,
 * decision 0032). Everything a run returns is a channel out of the sandbox, so for such a run the team gets
 * its verdict (status, score, the verdict's key) and a fixed sentence, never the run's own output, never a
 * word the scorer quoted from the run's result file, and never the result file itself (40120). Operators
 * read the whole run through the console's calls, which do not use this.
 */
import type { Language, Text } from '../messages/text.ts';
import { type FileRefusal, submissionRowLogText } from './file-refusals.ts';

/** The sentence a participant reads instead of the log of a run on hidden data, in both languages. */
export const runLogWithheldText: Text = {
  en: 'The log of this run is not shown: the run had the competition’s hidden data mounted at /saisdata. The organisers can read it; you see the verdict.',
  'zh-CN':
    '此次运行的日志不予显示：运行时 /saisdata 中挂载了本比赛的隐藏数据。主办方可以查看日志；您可以看到评测结果。',
};

/**
 * A verdict's parameters a participant keeps for a run on hidden data: numbers (line, count, exit code,
 * seconds, limits: a few bits each, bounded by the daily allowance) and what the team itself or the
 * platform wrote (its image, its script's path, the expected header, the sandbox's runtime). Any other
 * text (a header found, a value, an id, an example, a file name) may be the run's own bytes: masked.
 */
const keptTextParams = new Set(['image', 'path', 'expected', 'runtime']);
export const withheldParam = '…';

export interface RunRow {
  /** The run had hidden datasets mounted (scoring.container_runs.hidden_data). */
  hiddenData: boolean;
  log: string | null;
  refusal: FileRefusal | null;
}

export interface ParticipantRunView {
  log: string | null;
  refusal: FileRefusal | null;
  /** `log` and `refusal` rendered in the reader's language (for clients without the catalogue: the CLI). */
  logText: string | null;
  /** The log is withheld because the run used hidden data (the portal and CLI say so). */
  logWithheld: boolean;
}

/** The verdict without a text parameter that could carry the run's bytes. */
export function maskedRefusal(refusal: FileRefusal): FileRefusal {
  return {
    key: refusal.key,
    params: Object.fromEntries(
      Object.entries(refusal.params).map(([name, value]) => [
        name,
        typeof value === 'number' || keptTextParams.has(name) ? value : withheldParam,
      ]),
    ),
  };
}

/**
 * A submission event's data as the team's inbox may quote it for a run on hidden data: its refusal (`log`)
 * and verdict masked as `maskedRefusal` does; an older event's plain-text log replaced by the fixed sentence.
 */
export function withoutRunBytes<T extends object>(data: T): T {
  const masked = { ...data } as Record<string, unknown>;
  for (const field of ['log', 'verdict']) {
    const value = masked[field];
    if (typeof value === 'string') masked[field] = runLogWithheldText.en;
    else if (value && typeof value === 'object' && 'key' in value && 'params' in value)
      masked[field] = maskedRefusal(value as FileRefusal);
  }
  return masked as T;
}

/** The log, verdict and their text of a submission row as its team reads them (decision 0032). */
export function participantRunView(row: RunRow, language: Language): ParticipantRunView {
  if (!row.hiddenData)
    return {
      log: row.log,
      refusal: row.refusal,
      logText: submissionRowLogText(row.log, row.refusal, language),
      logWithheld: false,
    };
  const refusal = row.refusal ? maskedRefusal(row.refusal) : null;
  return {
    log: null,
    refusal,
    logText: submissionRowLogText(runLogWithheldText[language], refusal, language),
    logWithheld: true,
  };
}
