import type { Text } from '../messages/text.ts';
import { type FileRefusal, type SubmissionLog, submissionLogText } from './file-refusals.ts';
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
): ScoringNotice | null {
  const data = payload as Data;
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
