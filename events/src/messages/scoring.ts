import type { Text } from './text.ts';

/** Messages of the scoring service (submissions, quota, leaderboards). */
export const scoringMessages = {
  competitionUnknown: { en: 'This competition does not exist', 'zh-CN': '该比赛不存在' },
  notSignedUp: { en: 'Please sign up for the competition before submitting', 'zh-CN': '请先报名比赛再提交' },
  noOpenPhase: {
    en: 'No phase of this competition is open for submissions now',
    'zh-CN': '该比赛当前没有开放提交的阶段',
  },
  dailyLimitReached: {
    en: "Your team has used today's submissions; the allowance resets at midnight in the competition's time zone",
    'zh-CN': '您的队伍今日提交次数已用完，将在比赛时区的零点重置',
  },
  noGroundTruth: { en: 'Scoring is not ready for this competition yet', 'zh-CN': '该比赛的评测尚未就绪' },
  fileRequired: { en: 'Please choose a result file (CSV)', 'zh-CN': '请选择结果文件（CSV）' },
  fileTooLarge: {
    en: 'The file is larger than 20 MB; please use the large-file upload',
    'zh-CN': '文件超过 20 MB，请使用大文件上传',
  },
  submissionNotFound: { en: 'This submission does not exist', 'zh-CN': '该提交不存在' },
  privateLeaderboardHidden: {
    en: 'The private leaderboard is not published yet; it appears when the final results are announced',
    'zh-CN': '私有排行榜尚未公布，将在最终成绩公布时显示',
  },
  finalSelectionInvalid: {
    en: 'Choose at most 2 Completed submissions of your team from one phase',
    'zh-CN': '请从同一阶段选择本队最多 2 个评测完成的提交',
  },
  finalSelectionClosed: {
    en: 'The final results of this phase are published; the selection can no longer change',
    'zh-CN': '该阶段最终成绩已公布，不能再修改最终提交',
  },
  submissionNotRescorable: {
    en: 'Only Completed or Invalid submissions can be scored again',
    'zh-CN': '只有评测完成或无效的提交可以重新评测',
  },
  teamHasNoSubmissions: {
    en: 'This team has no submissions in this competition',
    'zh-CN': '该队伍在此比赛中没有提交',
  },
  alreadyDisqualified: { en: 'This is already disqualified', 'zh-CN': '已被取消资格' },
} as const satisfies Record<string, Text>;
