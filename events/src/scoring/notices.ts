import type { Text } from '../messages/text.ts';
import {
  type FileRefusal,
  type SubmissionLog,
  containerRunVerdicts,
  submissionLogText,
} from './file-refusals.ts';
import { metricTitle } from './metrics.ts';

/** One inbox message a submission event leads to; the identity inbox sends it to the submitter. */
export interface ScoringNotice {
  title: Text;
  body: Text;
}

export const scoringNoticeSender = 'Scoring Office';

interface Data {
  publicScore?: number | null;
  metric?: string;
  log?: SubmissionLog | null;
  reason?: string;
  final?: boolean;
  verdict?: FileRefusal;
  /** SmokeRunChecked: the result file's lines. */
  rows?: number;
}

/** A score as participants read it: at most 6 significant digits, no trailing zeros (0.913, 12.5). */
export function formatScore(score: number): string {
  return String(Number(score.toPrecision(6)));
}

const notice = (en: [string, string], zh: [string, string]): ScoringNotice => ({
  title: { en: en[0], 'zh-CN': zh[0] },
  body: { en: en[1], 'zh-CN': zh[1] },
});

/**
 * The inbox message of a submission event, in both languages, or null when the event tells the
 * participant nothing (received, evaluation started, a failure that will be retried). `fileName` is
 * the submitted file's name, remembered by the inbox from SubmissionReceived.
 */
export function scoringNotice(
  type: string,
  payload: object,
  fileName: string,
  /** The phase hides public scores (decision 0045): the notice says "scored" and carries no number. */
  hidden: 'blind' | 'ladder' | null = null,
  /** A smoke run (decision 0049): its notices say so and give the format check's result, never a score. */
  smoke = false,
): ScoringNotice | null {
  const data = payload as Data;
  if (smoke) return smokeNotice(type, data, fileName);
  const metric = metricTitle(data.metric ?? '', 'en');
  const metricZh = metricTitle(data.metric ?? '', 'zh-CN');
  // The scorer's refusal in each language (an older event's English text as it is).
  const log = submissionLogText(data.log, 'en');
  const logZh = submissionLogText(data.log, 'zh-CN');
  const scored = type === 'scoring.SubmissionScored' || type === 'scoring.SubmissionRescored';
  if (scored && hidden && data.publicScore !== null && data.publicScore !== undefined)
    return hidden === 'blind'
      ? notice(
          [
            'Submission scored',
            `Your submission ${fileName} was scored. This phase is blind: public scores are not shown.`,
          ],
          ['提交已评分', `您的提交 ${fileName} 已评分。本阶段为盲评阶段，不显示公开分数。`],
        )
      : notice(
          [
            'Submission scored',
            `Your submission ${fileName} was scored. The public leaderboard uses the Ladder: it shows your team's score, rounded to the Ladder's step, and changes only when a submission beats it by at least one step.`,
          ],
          [
            '提交已评分',
            `您的提交 ${fileName} 已评分。公开排行榜启用了阶梯机制（Ladder）：显示团队按步长取整的分数，只有提交至少超出一个步长时才会更新。`,
          ],
        );
  switch (type) {
    case 'scoring.SubmissionScored':
      return notice(
        [
          'Submission scored',
          `Your submission ${fileName} scored ${formatScore(data.publicScore!)} (${metric}, public leaderboard).`,
        ],
        [
          '提交已评分',
          `您的提交 ${fileName} 得分 ${formatScore(data.publicScore!)}（${metricZh}，公开排行榜）。`,
        ],
      );
    case 'scoring.SubmissionInvalid':
      return notice(
        ['Submission invalid', `Submission ${fileName} is invalid: ${log}`],
        ['提交无效', `提交 ${fileName} 无效：${logZh}`],
      );
    case 'scoring.EvaluationFailed':
      if (!data.final) return null;
      // A container run's verdict (a limit, a refused pull, or the platform's fault and its refund).
      if (data.verdict)
        return notice(
          ['Submission failed', `Submission ${fileName} failed: ${submissionLogText(data.verdict, 'en')}`],
          ['提交评测失败', `提交 ${fileName} 评测失败：${submissionLogText(data.verdict, 'zh-CN')}`],
        );
      return notice(
        [
          'Submission failed',
          `Submission ${fileName} could not be scored because of a platform failure; it does not count against your daily limit (allowance refunded).`,
        ],
        ['提交评测失败', `由于平台故障，提交 ${fileName} 未能评测；本次提交不计入每日次数（已退还）。`],
      );
    case 'scoring.SubmissionRescored':
      return data.publicScore === null || data.publicScore === undefined
        ? notice(
            [
              'Submission re-scored: invalid',
              `After a re-scoring, submission ${fileName} is invalid: ${log}`,
            ],
            ['提交重新评测：无效', `重新评测后，提交 ${fileName} 无效：${logZh}`],
          )
        : notice(
            [
              'Submission re-scored',
              `Submission ${fileName} was scored again: ${formatScore(data.publicScore)} (${metric}, public leaderboard).`,
            ],
            [
              '提交已重新评分',
              `提交 ${fileName} 已重新评测，得分 ${formatScore(data.publicScore)}（${metricZh}，公开排行榜）。`,
            ],
          );
    case 'scoring.SubmissionDisqualified':
      return notice(
        ['Submission disqualified', `Submission ${fileName} was disqualified: ${data.reason}`],
        ['提交已被取消资格', `提交 ${fileName} 已被取消资格：${data.reason}`],
      );
    default:
      return null;
  }
}

const runVerdicts = new Set<string>(Object.values(containerRunVerdicts).flat());

const smokeNote = {
  en: 'Smoke runs check the result file’s format only: they are never scored or ranked and use none of your daily submissions.',
  zh: '试运行只检查结果文件的格式：不评分、不上榜，也不占用每日提交次数。',
};

/**
 * The notice of a smoke run's end (decision 0049): Completed (the format is right), Invalid (the format
 * check's verdict) or Failed (the run's verdict: the format was not checked). Never a score: a smoke run
 * is never scored, and a scored or re-scored event (which the decider refuses) tells nothing.
 */
function smokeNotice(type: string, data: Data, fileName: string): ScoringNotice | null {
  switch (type) {
    case 'scoring.SmokeRunChecked': {
      const rows = data.rows ?? 0;
      return notice(
        [
          'Smoke run: format check passed',
          `Your smoke run ${fileName} completed and its result file passed the format check (${rows} ${rows === 1 ? 'row' : 'rows'}). ${smokeNote.en}`,
        ],
        [
          '试运行：格式检查通过',
          `您的试运行 ${fileName} 已完成，结果文件通过了格式检查（${rows} 行）。${smokeNote.zh}`,
        ],
      );
    }
    case 'scoring.SubmissionInvalid':
      // The run itself ended wrong (its exit code, no result file…): there was no file to check.
      if (typeof data.log === 'object' && data.log !== null && runVerdicts.has(data.log.key))
        return notice(
          [
            'Smoke run: nothing to check',
            `Your smoke run ${fileName} ended without a result file to check: ${submissionLogText(data.log, 'en')} ${smokeNote.en}`,
          ],
          [
            '试运行：无可检查的结果',
            `您的试运行 ${fileName} 已结束，但没有可供检查的结果文件：${submissionLogText(data.log, 'zh-CN')}${smokeNote.zh}`,
          ],
        );
      return notice(
        [
          'Smoke run: format check failed',
          `Your smoke run ${fileName} ended, and its result file failed the format check: ${submissionLogText(data.log, 'en')} ${smokeNote.en}`,
        ],
        [
          '试运行：格式检查未通过',
          `您的试运行 ${fileName} 已结束，结果文件未通过格式检查：${submissionLogText(data.log, 'zh-CN')}${smokeNote.zh}`,
        ],
      );
    case 'scoring.EvaluationFailed': {
      if (!data.final) return null;
      const why = data.verdict
        ? { en: submissionLogText(data.verdict, 'en'), zh: submissionLogText(data.verdict, 'zh-CN') }
        : { en: 'a platform failure.', zh: '平台故障。' };
      return notice(
        [
          'Smoke run failed',
          `Your smoke run ${fileName} failed, so its result file was not checked: ${why.en} ${smokeNote.en}`,
        ],
        ['试运行失败', `您的试运行 ${fileName} 运行失败，结果文件未经检查：${why.zh}${smokeNote.zh}`],
      );
    }
    case 'scoring.SubmissionDisqualified':
      return notice(
        ['Smoke run disqualified', `Smoke run ${fileName} was disqualified: ${data.reason}`],
        ['试运行已被取消资格', `试运行 ${fileName} 已被取消资格：${data.reason}`],
      );
    default:
      return null;
  }
}
