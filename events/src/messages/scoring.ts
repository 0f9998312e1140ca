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
} as const satisfies Record<string, Text>;
