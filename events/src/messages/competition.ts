import { sectionTextMaxLength } from '../competition/content-limits.ts';
import type { Text } from './text.ts';

const maxLength = sectionTextMaxLength.toLocaleString('en');

/** Messages of the competition service (competitions, sign-up, files). */
export const competitionMessages = {
  competitionNotFound: { en: 'This competition does not exist', 'zh-CN': '该比赛不存在' },
  phaseDatesInvalid: { en: 'A phase must end after it starts', 'zh-CN': '阶段结束时间必须晚于开始时间' },
  phaseNotScheduled: { en: 'This phase has no schedule yet', 'zh-CN': '该阶段尚未设置时间' },
  fileNotFound: { en: 'This file does not exist', 'zh-CN': '该文件不存在' },
  verificationRequired: {
    en: 'Please complete real-name authentication first',
    'zh-CN': '请先完成实名认证',
  },
  agreementsRequired: {
    en: 'Please read and accept the competition agreements',
    'zh-CN': '请阅读并同意比赛协议',
  },
  registrationClosed: { en: 'Registration for this competition is closed', 'zh-CN': '该比赛报名已截止' },
  registrationNotOpen: {
    en: 'Registration for this competition has not opened yet; it opens at {{opensAtText}}',
    'zh-CN': '该比赛尚未开放报名，报名开始时间：{{opensAtText}}',
  },
  registrationNotScheduled: {
    en: 'Registration for this competition has not opened yet: the organisers have not scheduled it',
    'zh-CN': '该比赛尚未开放报名：主办方尚未安排报名时间',
  },
  alreadySignedUp: { en: 'You have already signed up for this competition', 'zh-CN': '您已报名该比赛' },
  signUpRequired: { en: 'Please sign up for the competition first', 'zh-CN': '请先报名参赛' },
  rangeNotSatisfiable: { en: 'The requested range is not in the file', 'zh-CN': '请求的范围超出文件大小' },
  publicationRuleAdminOnly: {
    en: 'Only an admin can let one operator publish final results of a competition with prize money',
    'zh-CN': '只有管理员可以允许单个运营人员发布有奖金比赛的最终成绩',
  },
  prizeMoneyAdminOnly: {
    en: 'Only an admin can change the prize money of a competition that has prize money (the two-operator rule for its final results depends on it)',
    'zh-CN': '只有管理员可以修改有奖金比赛的奖金（其最终成绩的双人审核规则取决于奖金）',
  },
  slugTaken: {
    en: 'Another competition already has this short name; choose another',
    'zh-CN': '已有其他比赛使用该简称，请另选一个',
  },
  competitionSlugInvalid: {
    en: 'A short name is 3 to 60 lower-case letters or digits, words joined by single hyphens (e.g. crop-yield-2027)',
    'zh-CN': '简称为 3～60 个小写字母或数字，单词之间以一个连字符连接（例如 crop-yield-2027）',
  },
  runLimitAboveCeiling: {
    en: 'The run limit {{field}} can be at most {{bound}}: that is what the platform’s runner machines can give one run',
    'zh-CN': '运行限制 {{field}} 最多为 {{bound}}：这是平台评测机能为一次运行提供的上限',
  },
  runLimitBelowMinimum: {
    en: 'The run limit {{field}} must be at least {{bound}}',
    'zh-CN': '运行限制 {{field}} 至少为 {{bound}}',
  },
  runGpusUnavailable: {
    en: 'GPU runs are not available: no runner of this platform has GPUs, so the GPU count must be 0',
    'zh-CN': 'GPU 运行不可用：本平台的评测机没有 GPU，因此 GPU 数量必须为 0',
  },
  onlyDatasetsHidden: {
    en: 'Only a dataset file can be hidden from participants; a documentation file is for every signed-up participant',
    'zh-CN': '只有数据集文件可以对参赛者隐藏；文档文件对所有已报名的参赛者可见',
  },
  contentTooLong: {
    en: `The text is too long: a section can have at most ${maxLength} characters in each language`,
    'zh-CN': `内容过长：每个栏目每种语言最多 ${maxLength} 个字符`,
  },
} as const satisfies Record<string, Text>;
