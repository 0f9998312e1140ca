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
  mergedTeamOverAllowance: {
    en: 'Your team, with the submissions its members made before joining, has made as many submissions as one team could have by today; you can submit again on a later day',
    'zh-CN': '您的队伍（含队员入队前的提交）已达到单支队伍截至今日可提交的总次数，请在之后的日期再提交',
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
  publicShareOutOfRange: {
    en: 'The public share must be a whole number from 1 to 99 %: the public and the private leaderboard each need test ids',
    'zh-CN': '公开比例须为 1 至 99 之间的整数（%）：公开榜和私有榜都需要测试数据',
  },
  groundTruthNotRevealed: {
    en: 'The ground truth is not published: it is published with the split key after the final results of every phase, and only when the organiser chose so when setting it',
    'zh-CN':
      '真值文件未公开：仅当组织方在设置真值时选择公开，并且所有阶段的最终结果发布之后，才会与划分密钥一起公开',
  },
  groundTruthUnscorable: {
    en: 'The metric cannot score both parts of this ground truth: the public and the private part each need rows (AUC: both 0 and 1); change the public share or the file',
    'zh-CN':
      '该评价指标无法为此真值文件的公开和私有两部分都计算分数：两部分都必须有数据行（AUC 还须同时包含 0 和 1）；请调整公开比例或文件',
  },
  phaseRequired: {
    en: 'Choose the phase explicitly (or, for a rescore, all phases); there is no default phase',
    'zh-CN': '请明确选择阶段（重新评测也可选择全部阶段）；没有默认阶段',
  },
  ownTeamDecision: {
    en: 'You are a member of this team; another operator must decide on it',
    'zh-CN': '您是该队伍的成员，请由其他运营人员处理',
  },
  publicationNeedsTwo: {
    en: 'Final results of this competition need two operators: propose the publication, then a different operator approves it',
    'zh-CN': '本比赛的最终成绩需要两名运营人员：先提议公布，再由另一名运营人员批准',
  },
  publicationPending: {
    en: 'A proposal to publish these final results is already waiting for approval',
    'zh-CN': '公布该阶段最终成绩的提议已在等待批准',
  },
  publicationNotProposed: {
    en: 'There is no pending proposal to publish these final results',
    'zh-CN': '没有待批准的公布最终成绩提议',
  },
  ownProposal: {
    en: 'You proposed this publication; a different operator must approve it',
    'zh-CN': '该公布提议由您提出，须由另一名运营人员批准',
  },
  // Phase rules (issue 30, decision 0025): 40050–40059.
  publicationBeforePhaseEnd: {
    en: 'The final results of this phase can be published only after the phase has ended: from {{publishableFromText}}',
    'zh-CN': '该阶段结束后才能公布最终成绩：最早于 {{publishableFromText}} 公布',
  },
  publicationBeforePhaseClosed: {
    en: 'The final results of this phase can be published only after the phase has ended: an operator opened it, and it ends when an operator closes it',
    'zh-CN': '该阶段结束后才能公布最终成绩：该阶段由运营人员手动开放，须待运营人员关闭后才能公布',
  },
  publicationScoringUnfinished: {
    en: 'Some submissions of this phase are still being scored or are not on the leaderboard yet ({{pending}}); publish when they are',
    'zh-CN': '该阶段仍有提交正在评测或尚未计入排行榜（{{pending}} 个），请待其完成后再公布',
  },
  phaseResultsPublished: {
    en: 'The final results of this phase are published; it takes no more submissions',
    'zh-CN': '该阶段最终成绩已公布，不再接受提交',
  },
  publicBoardBlind: {
    en: 'This phase is blind: its public leaderboard and public scores are not shown to participants; your submissions show “scored” and your remaining allowance',
    'zh-CN': '本阶段为盲评阶段：公开排行榜和公开分数不向参赛者显示；您的提交只显示“已评分”和剩余提交次数',
  },
  smokeRunsUnavailable: {
    en: 'This competition has no smoke split, so smoke runs are not available; submit your image as a normal code submission',
    'zh-CN': '本比赛未提供试运行数据集，暂不支持试运行；请以正式代码提交方式提交镜像',
  },
  smokeRunsLimitReached: {
    en: "Your team has used today's {{limit}} smoke runs; they reset at midnight in the competition's time zone (normal submissions are not affected)",
    'zh-CN': '您的队伍今日 {{limit}} 次试运行已用完，将在比赛时区的零点重置（不影响正式提交次数）',
  },
  smokeSplitNotPublicDataset: {
    en: 'Only a visible dataset file of this competition can be its smoke split (not a document, not a hidden dataset)',
    'zh-CN': '只有本比赛中可见的数据集文件才能作为试运行数据集（不能是文档或隐藏数据集）',
  },
  smokeRunNotRanked: {
    en: 'A smoke run is never scored or ranked: it cannot be rescored or chosen for the final leaderboard',
    'zh-CN': '试运行不评分、不排名：不能重新评分，也不能选为最终排行榜的提交',
  },
  runResultWithheld: {
    en: 'The result file of this run is not given out: the run had the competition’s hidden data mounted. Its verdict and score are in your submissions',
    'zh-CN': '此次运行的结果文件不予下载：运行时挂载了本比赛的隐藏数据。评测结果和分数见您的提交记录',
  },
  boardOptionsFinal: {
    en: 'The final results of this phase are published; its leaderboard options can no longer change',
    'zh-CN': '该阶段最终成绩已公布，排行榜选项不能再修改',
  },
  baselineFileInvalid: {
    en: 'The baseline file cannot be scored as a submission would be; the first problem is named below',
    'zh-CN': '基线文件无法按提交的方式评分，第一个问题见下方说明',
  },
  baselineUnknown: {
    en: 'There is no such baseline (it may have been removed)',
    'zh-CN': '没有该基线（可能已被删除）',
  },
  baselinesFinal: {
    en: 'The final results of this phase are published; its baselines can no longer change',
    'zh-CN': '该阶段最终成绩已公布，基线不能再修改',
  },
  baselinesLimitReached: {
    en: 'This phase already has {{limit}} baselines, the most it may have; remove one first',
    'zh-CN': '该阶段已有 {{limit}} 条基线，已达上限；请先删除一条',
  },
  baselineNameTaken: {
    en: 'This phase already has a baseline named “{{name}}”',
    'zh-CN': '该阶段已有名为“{{name}}”的基线',
  },
  baselineOwnCompetition: {
    en: 'You take part in this competition (on a team, or you submitted to it), so you may not add or remove its baselines; another operator must',
    'zh-CN': '您参加了本比赛（在某个团队中或提交过结果），不能添加或删除本比赛的基线，请由其他运营人员操作',
  },
  secondaryMetricsInvalid: {
    en: 'The secondary metrics must be distinct names of the metric catalogue, other than the primary metric, at most {{max}} (comma-separated)',
    'zh-CN': '次要指标须为指标目录中互不相同的名称，不能与主指标相同，最多 {{max}} 个（以逗号分隔）',
  },
  boardOrderInvalid: {
    en: 'The ranking order must list distinct steps, each "score" or "scores.<metric>" for a secondary metric of the ground truth in force (at most {{max}}); the steps this board has: {{allowed}}',
    'zh-CN':
      '排名顺序须列出互不重复的步骤，每个为 "score" 或 "scores.<指标>"（当前标准答案的次要指标），最多 {{max}} 个；本榜可用的步骤：{{allowed}}',
  },
  secondaryMetricIncompatible: {
    en: 'The metric {{metric}} cannot score this ground truth beside {{primary}}: it reads another kind of target, or refuses some of its values (the reason is below)',
    'zh-CN':
      '指标 {{metric}} 无法与 {{primary}} 一起为该标准答案评分：其目标列类型不同，或不接受其中某些值（原因见下方）',
  },
  writeUpsNotPublished: {
    en: 'The final results of this phase are not published yet; write-ups open after publication',
    'zh-CN': '该阶段最终成绩尚未公布；公布后才能提交方案说明',
  },
  writeUpsNotOpen: {
    en: 'Write-ups are not open for this phase; the organisers open them after publication',
    'zh-CN': '该阶段尚未开放方案说明提交；由组织方在公布成绩后开放',
  },
  writeUpNotPrizePlace: {
    en: 'Only teams in the prize places (ranks 1 to {{places}} of the published private leaderboard) may submit a write-up; your team is not among them',
    'zh-CN': '只有获奖名次（已公布私有排行榜第 1 至 {{places}} 名）的团队可以提交方案说明；您的团队不在其中',
  },
  writeUpsClosed: {
    en: 'The deadline for write-ups ({{deadline}}) has passed; they can no longer be submitted or replaced',
    'zh-CN': '方案说明的截止时间（{{deadline}}）已过，不能再提交或替换',
  },
  writeUpRefused: {
    en: 'The write-up cannot be taken: {{reason}}',
    'zh-CN': '方案说明无法接收：{{reason}}',
  },
  writeUpUnknown: {
    en: 'There is no such write-up or file',
    'zh-CN': '没有该方案说明或文件',
  },
  writeUpHidden: {
    en: 'Your team’s write-up was hidden by the organisers; it cannot be replaced. Contact them',
    'zh-CN': '您团队的方案说明已被组织方隐藏，不能替换，请联系组织方',
  },
  writeUpOwnCompetition: {
    en: 'You take part in this competition (on a team, or you submitted to it), so you may not open or hide its write-ups; another operator must',
    'zh-CN':
      '您参加了本比赛（在某个团队中或提交过结果），不能开放或隐藏本比赛的方案说明，请由其他运营人员操作',
  },
  publicationPhaseUnknown: {
    en: 'This competition has no {{phase}} phase',
    'zh-CN': '该比赛没有“{{phase}}”阶段',
  },
  // Integrity tools (40040–40049): sealed final results and collusion signals.
  sealNothingToSeal: {
    en: 'The private leaderboard of this phase has no rows yet; there is nothing to seal',
    'zh-CN': '该阶段的私有排行榜还没有成绩，无法封存',
  },
  sealStale: {
    en: 'The private leaderboard changed after it was sealed; seal it again before publishing',
    'zh-CN': '私有排行榜在封存后发生了变化，请重新封存后再公布',
  },
  resultsFinal: {
    en: 'The final results of this phase are published and sealed; they can no longer change',
    'zh-CN': '该阶段最终成绩已公布并封存，不能再修改',
  },
  signalNotFound: { en: 'This signal does not exist', 'zh-CN': '该信号不存在' },
  signalDecided: {
    en: 'This signal has already been acted on',
    'zh-CN': '该信号已处理',
  },
  signalTeamNotNamed: {
    en: 'Only a team named by this signal can be disqualified through it',
    'zh-CN': '只能取消该信号所涉及队伍的资格',
  },
  // Container-image submissions (40020–40039).
  previousRunStillRunning: {
    en: "Your team's previous code submission is still running. Submit again to stop it and start this one.",
    'zh-CN': '您队伍的上一个代码提交仍在运行。再次提交将停止它并开始运行本次提交。',
  },
  submissionKindNotAccepted: {
    en: 'This competition does not take this kind of submission',
    'zh-CN': '该比赛不接受此类提交',
  },
  imageReferenceInvalid: {
    en: 'Please enter an image path such as registry.example.org/team/model:v1 (letters, digits and . _ - / : @ only, at most 255 characters)',
    'zh-CN':
      '请输入镜像地址，例如 registry.example.org/team/model:v1（仅可包含字母、数字及 . _ - / : @，最多 255 个字符）',
  },
  imageUsernameRequired: {
    en: 'Please enter the username that goes with the password, or leave both empty for a public image',
    'zh-CN': '请填写与密码对应的用户名；公开镜像可将两者都留空',
  },
  imageCredentialsTooLong: {
    en: 'The username or password is too long (at most 200 characters each)',
    'zh-CN': '用户名或密码过长（各最多 200 个字符）',
  },
  configPathInvalid: {
    en: 'The config path must be an absolute path inside /app, such as /app/run.sh',
    'zh-CN': '配置路径必须是 /app 下的绝对路径，例如 /app/run.sh',
  },
  containerRunsUnavailable: {
    en: 'This platform does not run container images at the moment; please submit a result file instead',
    'zh-CN': '本平台目前不运行容器镜像提交，请改为提交结果文件',
  },
  imageRegistryNotAllowed: {
    en: 'This image’s registry is on a local or private network, which this competition does not allow; push the image to a registry reachable from the internet',
    'zh-CN':
      '该镜像所在的镜像仓库位于本地或内网地址，本比赛不允许使用；请将镜像推送到可从互联网访问的镜像仓库',
  },
  resultLineTooLong: {
    en: 'A line of the file is longer than 64 KB; a result file has short lines of two columns (id,<target>)',
    'zh-CN': '文件中有一行超过 64 KB；结果文件每行应为两列（id,<目标列>）的短行',
  },
  resultTooManyColumns: {
    en: 'A line of the file has more than 64 columns; a result file has two columns (id,<target>)',
    'zh-CN': '文件中有一行超过 64 列；结果文件应为两列（id,<目标列>）',
  },
  resumableUploadsLimit: {
    en: 'You have too many unfinished large-file uploads; finish or cancel one, or wait until they expire (2 hours)',
    'zh-CN': '您未完成的大文件上传过多；请先完成或取消其中一个，或等待其过期（2 小时）',
  },
  formatRefusalsLimitReached: {
    en: 'Your team has had {{limit}} files refused for their format today; check the file against the sample submission and submit again tomorrow (the allowance resets at midnight in the competition’s time zone)',
    'zh-CN':
      '您的队伍今日已有 {{limit}} 个文件因格式问题被拒收；请对照提交样例检查文件，明天再提交（次数在比赛时区的零点重置）',
  },
  resultHeaderWrong: {
    en: 'The first line of the file must be exactly “{{expected}}”; this file’s first line is “{{found}}”. The file was not accepted and used none of today’s submissions',
    'zh-CN':
      '文件第一行必须正好是“{{expected}}”，而此文件第一行为“{{found}}”。该文件未被接收，不占用今日提交次数',
  },
  submissionNotCancellable: {
    en: 'This submission has already started evaluating (or finished), so it can no longer be cancelled',
    'zh-CN': '该提交已开始评测（或已结束），无法取消',
  },
  submissionCancelled: {
    en: 'Cancelled; the submission is back in today’s allowance',
    'zh-CN': '已取消，本次提交次数已退回',
  },
  sampleSubmissionUnavailable: {
    en: 'The sample submission is available once the competition is published and its ground truth is set',
    'zh-CN': '比赛发布并设置评测数据后，才可下载提交样例',
  },
  submissionDescriptionTooLong: {
    en: 'The submission’s message may have at most {{max}} characters; this one has {{length}}',
    'zh-CN': '提交说明最多 {{max}} 个字符，当前为 {{length}} 个',
  },
  boardAsOfLimitReached: {
    en: 'You have asked for {{limit}} leaderboards of past times in {{minutes}} minutes; please try again in {{retryAfterSeconds}} seconds (a time someone already asked for is answered at once)',
    'zh-CN':
      '您在 {{minutes}} 分钟内已查询 {{limit}} 次历史时刻的排行榜，请 {{retryAfterSeconds}} 秒后再试（他人已查询过的时刻会立即返回）',
  },
  leaderboardStreamsPerAddress: {
    en: 'Your network address already has {{max}} live leaderboard connections open; close some pages (the leaderboard still loads, without live updates) or try again in {{retryAfterSeconds}} seconds',
    'zh-CN':
      '您的网络地址已打开 {{max}} 个实时排行榜连接；请关闭部分页面（排行榜仍可查看，只是不再实时更新），或 {{retryAfterSeconds}} 秒后再试',
  },
  leaderboardStreamsFull: {
    en: 'The live leaderboard is at its connection limit right now; the leaderboard still loads (reload it for the latest), please try live updates again in {{retryAfterSeconds}} seconds',
    'zh-CN':
      '实时排行榜的连接数已达上限；排行榜仍可查看（刷新页面获取最新结果），请 {{retryAfterSeconds}} 秒后再试实时更新',
  },
  boardAsOfInvalid: {
    en: 'The time “{{asOf}}” is not a past time; give one such as 2027-04-01T12:00:00+08:00',
    'zh-CN': '时间“{{asOf}}”不是一个过去的时刻，请按 2027-04-01T12:00:00+08:00 的格式填写',
  },
  submissionNotClaimable: {
    en: 'This submission is already finished or being evaluated by another worker',
    'zh-CN': '该提交已结束，或正由其他评测进程处理',
  },
} as const satisfies Record<string, Text>;
