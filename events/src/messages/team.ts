import type { Text } from './text.ts';

/** Messages of the team service (teams, join and leave applications). */
export const teamMessages = {
  /** Spec §8 counter; `{{count}}` is filled in by the portal (i18next interpolation). */
  teamAttemptsLeft: {
    en: 'You only have {{count}} times to organize a team',
    'zh-CN': '您只有{{count}}次组队机会',
  },
  teamNameTooLong: { en: 'A team name has at most 30 characters', 'zh-CN': '队伍名称最多30个字符' },
  teamNotFound: { en: 'This team does not exist', 'zh-CN': '该队伍不存在' },
  teamCompetitionNotFound: { en: 'This competition does not exist', 'zh-CN': '该比赛不存在' },
  teamNotSignedUp: { en: 'Please sign up for this competition first', 'zh-CN': '请先报名参加该比赛' },
  alreadyInTeam: { en: 'You are already in a team of this competition', 'zh-CN': '您已加入该比赛的一支队伍' },
  applicantInTeam: {
    en: 'The applicant is already in a team of this competition',
    'zh-CN': '申请人已加入该比赛的其他队伍',
  },
  teamApplicationPending: {
    en: 'You already have a pending application in this competition',
    'zh-CN': '您在该比赛中已有待处理的申请',
  },
  teamApplicationNotFound: {
    en: 'This application does not exist or was already handled',
    'zh-CN': '该申请不存在或已处理',
  },
  teamFull: { en: 'The team is full', 'zh-CN': '队伍人数已满' },
  teamAttemptsExhausted: {
    en: 'No team-forming attempts are left in this competition',
    'zh-CN': '该比赛的组队次数已用完',
  },
  teamChangesClosed: {
    en: 'Team changes are closed for this competition',
    'zh-CN': '该比赛的组队变更已截止',
  },
  notTeamOwner: { en: 'Only the team owner can do this', 'zh-CN': '只有队长可以执行此操作' },
  notTeamMember: { en: 'This user is not a member of the team', 'zh-CN': '该用户不是队伍成员' },
  ownerCannotLeave: {
    en: 'The owner cannot leave; transfer the team or disband it',
    'zh-CN': '队长不能离队，请先转让队长或解散队伍',
  },
  teamDisbandedAlready: { en: 'This team has been disbanded', 'zh-CN': '该队伍已解散' },
  teamMergeExceedsSubmissions: {
    en: 'Together you have made more submissions than one team could have by today, so this member cannot join',
    'zh-CN': '合并后的提交次数超过了单个队伍截至今日可提交的次数，无法加入该队伍',
  },
  // Operators' team administration (30050–30059).
  teamOwnDecision: {
    en: 'You are a member of this team; another operator must dissolve it',
    'zh-CN': '您是该队伍的成员，请由其他运营人员解散该队伍',
  },
  dissolveReasonRequired: {
    en: 'Please give a reason for dissolving the team',
    'zh-CN': '请填写解散队伍的原因',
  },
  teamJoined: { en: 'You joined the team', 'zh-CN': '已加入队伍' },
  // What a team action did, in its own words (issue 35, point 8), not "Submit success".
  teamCreated: { en: 'Team created', 'zh-CN': '队伍已创建' },
  teamRenamed: { en: 'Team renamed', 'zh-CN': '队伍已改名' },
  teamApplicationSent: {
    en: 'Application sent: the team owner decides',
    'zh-CN': '申请已发送，由队长决定是否同意',
  },
  teamApplicationWithdrawn: { en: 'Application withdrawn', 'zh-CN': '申请已撤回' },
  teamApplicationAccepted: {
    en: 'Application accepted: they joined the team',
    'zh-CN': '已同意申请，对方已加入队伍',
  },
  teamApplicationDeclined: { en: 'Application declined', 'zh-CN': '已拒绝申请' },
  teamDisbanded: { en: 'Team disbanded', 'zh-CN': '队伍已解散' },
  teamLeaveRequested: {
    en: 'Request to leave sent: the team owner decides',
    'zh-CN': '退队申请已发送，由队长决定是否同意',
  },
  teamMemberRemoved: { en: 'Member removed from the team', 'zh-CN': '已将该队员移出队伍' },
  teamOwnerTransferred: { en: 'Team ownership handed over', 'zh-CN': '已转让队长' },
  // Invitations (issue 35, decision 0035): 30060–30069.
  teamInvitationNotFound: {
    en: 'This invitation code is not valid; ask the team owner for a new one',
    'zh-CN': '该邀请码无效，请向队长索取新的邀请码',
  },
  teamInvitationExpired: {
    en: 'This invitation has expired; ask the team owner for a new one',
    'zh-CN': '该邀请已过期，请向队长索取新的邀请',
  },
  teamInvitationRevoked: {
    en: 'The team owner has revoked this invitation',
    'zh-CN': '队长已撤销该邀请',
  },
  teamInvitationUsedUp: {
    en: 'This invitation has been used as many times as it allows',
    'zh-CN': '该邀请的使用次数已用完',
  },
  teamInvitationsLimit: {
    en: 'A team holds at most {{limit}} open invitations; revoke one first',
    'zh-CN': '每支队伍最多保留 {{limit}} 个有效邀请，请先撤销一个',
  },
  teamInvitationsTotalLimit: {
    en: 'This team has made as many invitations as a team may ({{limit}})',
    'zh-CN': '该队伍创建的邀请已达上限（{{limit}} 个）',
  },
} as const satisfies Record<string, Text>;
