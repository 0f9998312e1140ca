import type { Language } from '@sais/events';

/**
 * Every event type in words (issue 35): the event histories show these, the recorded type (e.g.
 * `identity.TokenRevoked`) on hover and in the event's JSON. A unit test checks that every type the
 * registry knows has both words.
 */
export const eventTypeNames: Record<string, Record<Language, string>> = {
  'competition.CompetitionCreated': { en: 'Competition created', 'zh-CN': '创建比赛' },
  'competition.CompetitionUpdated': { en: 'Competition changed', 'zh-CN': '修改比赛' },
  'competition.PhaseRunLimitsSet': { en: 'Phase run limits set', 'zh-CN': '设置阶段运行限制' },
  'competition.FileAdded': { en: 'File added', 'zh-CN': '添加文件' },
  'competition.FileDownloaded': { en: 'File downloaded', 'zh-CN': '下载文件' },
  'competition.FileRemoved': { en: 'File removed', 'zh-CN': '删除文件' },
  'competition.DatasetVisibilitySet': { en: 'Dataset hidden or shown', 'zh-CN': '设置数据集是否隐藏' },
  'competition.ParticipantSignedUp': { en: 'Signed up', 'zh-CN': '报名参赛' },
  'competition.PhaseClosed': { en: 'Phase closed now', 'zh-CN': '立即关闭阶段' },
  'competition.PhaseOpened': { en: 'Phase opened now', 'zh-CN': '立即开放阶段' },
  'competition.PhaseScheduled': { en: 'Phase scheduled', 'zh-CN': '设置阶段时间' },
  'competition.SectionContentChanged': { en: 'Page section written', 'zh-CN': '编写比赛页面栏目' },
  'identity.AccountClosed': { en: 'Account closed', 'zh-CN': '注销账号' },
  'identity.AccountDeleted': { en: 'Personal data deleted', 'zh-CN': '删除个人数据' },
  'identity.AccountDisabled': { en: 'Account disabled', 'zh-CN': '停用账号' },
  'identity.AccountEnabled': { en: 'Account enabled', 'zh-CN': '启用账号' },
  'identity.AccountRegistered': { en: 'Account registered', 'zh-CN': '注册账号' },
  'identity.ContactChanged': { en: 'Phone or email changed', 'zh-CN': '更换手机号或邮箱' },
  'identity.EmailNoticesChanged': { en: 'Email notices changed', 'zh-CN': '更改邮件通知' },
  'identity.IdentityDocumentViewed': { en: 'Certificate photo viewed', 'zh-CN': '查看证件照片' },
  'identity.IdentitySignalDecided': { en: 'Identity signal handled', 'zh-CN': '处理身份信号' },
  'identity.IdentityVerificationApproved': { en: 'Real-name verification approved', 'zh-CN': '实名认证通过' },
  'identity.IdentityVerificationRejected': { en: 'Real-name verification rejected', 'zh-CN': '实名认证驳回' },
  'identity.IdentityVerificationSubmitted': {
    en: 'Real-name verification submitted',
    'zh-CN': '提交实名认证',
  },
  'identity.LoginFailed': { en: 'Sign-in failed', 'zh-CN': '登录失败' },
  'identity.MessageRead': { en: 'Message read', 'zh-CN': '阅读消息' },
  'identity.MessageSent': { en: 'Message sent', 'zh-CN': '发送消息' },
  'identity.PasswordChanged': { en: 'Password changed', 'zh-CN': '修改密码' },
  'identity.ProfileUpdated': { en: 'Profile updated', 'zh-CN': '更新个人信息' },
  'identity.RoleGranted': { en: 'Role granted', 'zh-CN': '授予角色' },
  'identity.RoleRevoked': { en: 'Role taken away', 'zh-CN': '收回角色' },
  'identity.SessionRevoked': { en: 'Signed out (session ended)', 'zh-CN': '退出登录（会话结束）' },
  'identity.SessionStarted': { en: 'Signed in', 'zh-CN': '登录' },
  'identity.TokenCreated': { en: 'Access token created', 'zh-CN': '创建访问令牌' },
  'identity.TokenRevoked': { en: 'Access token revoked', 'zh-CN': '撤销访问令牌' },
  'identity.VerificationCodeBurned': { en: 'Verification code used up', 'zh-CN': '验证码失效' },
  'identity.VerificationCodeIssued': { en: 'Verification code sent', 'zh-CN': '发送验证码' },
  'identity.VerificationCodeUsed': { en: 'Verification code used', 'zh-CN': '使用验证码' },
  'scoring.CollusionSignalDecided': { en: 'Collusion signal handled', 'zh-CN': '处理串通信号' },
  'scoring.ContainerRunProgressed': { en: 'Container run progressed', 'zh-CN': '容器运行进展' },
  'scoring.ContainerRunReleased': { en: 'Container run released', 'zh-CN': '释放容器运行' },
  'scoring.ContainerRunStopped': { en: 'Container run stopped', 'zh-CN': '停止容器运行' },
  'scoring.EvaluationFailed': { en: 'Scoring failed', 'zh-CN': '评测失败' },
  'scoring.EvaluationStarted': { en: 'Scoring started', 'zh-CN': '开始评测' },
  'scoring.FinalSubmissionsSelected': { en: 'Final submissions chosen', 'zh-CN': '选定最终提交' },
  'scoring.GroundTruthUploaded': { en: 'Ground truth uploaded', 'zh-CN': '上传真值' },
  'scoring.PrivateLeaderboardPublished': { en: 'Final results published', 'zh-CN': '公布最终成绩' },
  'scoring.BoardOptionsSet': {
    en: 'Leaderboard options set (Ladder, blind)',
    'zh-CN': '设置排行榜选项（阶梯机制、盲评）',
  },
  'scoring.BaselineAdded': { en: 'Baseline added', 'zh-CN': '添加基线' },
  'scoring.BaselineRemoved': { en: 'Baseline removed', 'zh-CN': '删除基线' },
  'scoring.WriteUpsOpened': { en: 'Write-ups opened', 'zh-CN': '开放方案说明' },
  'scoring.WriteUpSubmitted': { en: 'Write-up submitted', 'zh-CN': '提交方案说明' },
  'scoring.WriteUpHidden': { en: 'Write-up hidden', 'zh-CN': '隐藏方案说明' },
  'scoring.PrivateLeaderboardSealed': { en: 'Private leaderboard sealed', 'zh-CN': '封存私有排行榜' },
  'scoring.PublicationApproved': { en: 'Publication approved', 'zh-CN': '批准公布' },
  'scoring.PublicationProposed': { en: 'Publication proposed', 'zh-CN': '提议公布' },
  'scoring.RunQueueWeightSet': { en: 'Run queue weight set', 'zh-CN': '设置运行队列权重' },
  'scoring.SmokeSplitSet': { en: 'Smoke split set', 'zh-CN': '设置试运行数据集' },
  'scoring.SmokeRunChecked': { en: 'Smoke run result format checked', 'zh-CN': '试运行结果格式已检查' },
  'scoring.PublicationWithdrawn': { en: 'Publication proposal withdrawn', 'zh-CN': '撤回公布提议' },
  'scoring.QuotaRefunded': { en: 'Submission allowance given back', 'zh-CN': '退还提交次数' },
  'scoring.ResultFileRefused': { en: 'Result file refused', 'zh-CN': '拒收结果文件' },
  'scoring.SubmissionCancelled': { en: 'Submission cancelled', 'zh-CN': '取消提交' },
  'scoring.SubmissionDisqualified': { en: 'Submission disqualified', 'zh-CN': '取消提交资格' },
  'scoring.SubmissionInvalid': { en: 'Submission invalid', 'zh-CN': '提交无效' },
  'scoring.SubmissionReceived': { en: 'Submission received', 'zh-CN': '收到提交' },
  'scoring.SubmissionRescored': { en: 'Submission rescored', 'zh-CN': '重新评测提交' },
  'scoring.SubmissionScored': { en: 'Submission scored', 'zh-CN': '提交已评分' },
  'scoring.TeamDisqualified': { en: 'Team disqualified', 'zh-CN': '取消队伍资格' },
  'team.InvitationCreated': { en: 'Invitation link made', 'zh-CN': '创建入队邀请' },
  'team.InvitationRevoked': { en: 'Invitation link revoked', 'zh-CN': '撤销入队邀请' },
  'team.InvitationUsed': { en: 'Joined by invitation', 'zh-CN': '通过邀请入队' },
  'team.JoinAccepted': { en: 'Join request accepted', 'zh-CN': '同意入队申请' },
  'team.JoinCancelled': { en: 'Join request cancelled', 'zh-CN': '撤回入队申请' },
  'team.JoinRejected': { en: 'Join request rejected', 'zh-CN': '拒绝入队申请' },
  'team.JoinRequested': { en: 'Asked to join', 'zh-CN': '申请入队' },
  'team.LeaveAccepted': { en: 'Leave request accepted', 'zh-CN': '同意退队申请' },
  'team.LeaveCancelled': { en: 'Leave request cancelled', 'zh-CN': '撤回退队申请' },
  'team.LeaveRejected': { en: 'Leave request rejected', 'zh-CN': '拒绝退队申请' },
  'team.LeaveRequested': { en: 'Asked to leave', 'zh-CN': '申请退队' },
  'team.MemberRemoved': { en: 'Member removed', 'zh-CN': '移除成员' },
  'team.OwnershipTransferred': { en: 'Ownership handed over', 'zh-CN': '转让队长' },
  'team.TeamCreated': { en: 'Team created', 'zh-CN': '创建队伍' },
  'team.TeamDisbanded': { en: 'Team disbanded by its owner', 'zh-CN': '队长解散队伍' },
  'team.TeamDissolved': { en: 'Team dissolved by an operator', 'zh-CN': '运营解散队伍' },
  'team.TeamRenamed': { en: 'Team renamed', 'zh-CN': '队伍改名' },
};

/** An event type in the reader's words; an unknown (newer) type as recorded. */
export function eventTypeName(type: string, language: string): string {
  const names = eventTypeNames[type];
  if (!names) return type;
  return language === 'en' ? names.en : names['zh-CN'];
}

/** Stream kinds (`account-<id>` → account) in words. */
export const streamKindNames: Record<string, Record<Language, string>> = {
  account: { en: 'Account', 'zh-CN': '账号' },
  verification: { en: 'Real-name verification', 'zh-CN': '实名认证' },
  notices: { en: 'Email notices', 'zh-CN': '邮件通知' },
  inbox: { en: 'Inbox', 'zh-CN': '收件箱' },
  session: { en: 'Session', 'zh-CN': '登录会话' },
  token: { en: 'Access token', 'zh-CN': '访问令牌' },
  code: { en: 'Verification code', 'zh-CN': '验证码' },
  signal: { en: 'Collusion signal', 'zh-CN': '串通信号' },
  'identity-signal': { en: 'Identity signal', 'zh-CN': '身份信号' },
  competition: { en: 'Competition', 'zh-CN': '比赛' },
  groundtruth: { en: 'Ground truth', 'zh-CN': '真值' },
  download: { en: 'Download', 'zh-CN': '下载' },
  team: { en: 'Team', 'zh-CN': '队伍' },
  submission: { en: 'Submission', 'zh-CN': '提交' },
  refusal: { en: 'Refused file', 'zh-CN': '拒收文件' },
  level: { en: 'Checkpoint level', 'zh-CN': '检查点层级' },
  publication: { en: 'Publication', 'zh-CN': '成绩公布' },
  registration: { en: 'Sign-up', 'zh-CN': '报名' },
  leaderboard: { en: 'Leaderboard', 'zh-CN': '排行榜' },
  'leaderboard-seal': { en: 'Final results seal', 'zh-CN': '最终成绩封存' },
  'board-options': { en: 'Leaderboard options', 'zh-CN': '排行榜设置' },
  'scoring-team': { en: 'Team standing', 'zh-CN': '队伍成绩' },
  runqueue: { en: 'Run queue', 'zh-CN': '运行队列' },
};

const uuid = /^(.*?)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-(.+))?$/;

/**
 * A stream id split into its kind, the id of what it is about and any rest (`team-<uuid>` → team,
 * <uuid>; `publication-<competition>-preliminary` → publication, <competition>, preliminary).
 */
export function streamParts(streamId: string): { kind: string; id: string; rest?: string } | null {
  const match = uuid.exec(streamId);
  if (!match) return null;
  return { kind: match[1]!, id: match[2]!, ...(match[3] && { rest: match[3] }) };
}

const signal = /^(identity-signal|signal)-([a-z]+(?:-[a-z]+)*)-([0-9a-f]{32})$/;

/**
 * A signal's stream (`signal-identical-files-<digest>`, `identity-signal-shared-document-<digest>`: a
 * signal's id is its kind and a digest of what it found, not a uuid) split into its stream kind and the
 * signal's kind.
 */
export function signalStreamParts(streamId: string): { kind: string; signalKind: string } | null {
  const match = signal.exec(streamId);
  return match ? { kind: match[1]!, signalKind: match[2]! } : null;
}
