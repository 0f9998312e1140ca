import type { Text } from '../messages/text.ts';

/** One inbox message a team event leads to. */
export interface TeamNotice {
  recipientId: string;
  title: Text;
  body: Text;
}

interface Data {
  accountId?: string;
  ownerId?: string;
  teamName?: string;
  memberIds?: string[];
  lapsedApplicantIds?: string[];
  fromId?: string;
  toId?: string;
  reason?: string;
}

export const teamNoticeSender = 'Team Office';

const notice = (recipientId: string, en: [string, string], zh: [string, string]): TeamNotice => ({
  recipientId,
  title: { en: en[0], 'zh-CN': zh[0] },
  body: { en: en[1], 'zh-CN': zh[1] },
});

/**
 * The inbox messages of a team event, in both languages. Kept beside the team events so the identity
 * inbox only delivers them; `nameOf` gives a person's display name (the applicant in a request).
 */
export async function teamNotices(
  type: string,
  payload: object,
  nameOf: (accountId: string) => Promise<string>,
): Promise<TeamNotice[]> {
  const data = payload as Data;
  const team = data.teamName ?? '';
  const applicant = data.accountId!;
  switch (type) {
    case 'team.JoinRequested': {
      const who = await nameOf(applicant);
      return [
        notice(
          data.ownerId!,
          ['New join application', `${who} applied to join your team ${team}.`],
          ['新的入队申请', `${who} 申请加入您的队伍 ${team}。`],
        ),
      ];
    }
    case 'team.JoinAccepted':
      return [
        notice(
          applicant,
          ['Application accepted', `Your application to join team ${team} was accepted.`],
          ['申请已通过', `您加入队伍 ${team} 的申请已通过。`],
        ),
      ];
    case 'team.JoinRejected':
      return [
        notice(
          applicant,
          ['Application rejected', `Your application to join team ${team} was rejected.`],
          ['申请未通过', `您加入队伍 ${team} 的申请未通过。`],
        ),
      ];
    case 'team.LeaveRequested': {
      const who = await nameOf(applicant);
      return [
        notice(
          data.ownerId!,
          ['New leave application', `${who} applied to leave your team ${team}.`],
          ['新的离队申请', `${who} 申请离开您的队伍 ${team}。`],
        ),
      ];
    }
    case 'team.LeaveAccepted':
      return [
        notice(
          applicant,
          ['Leave accepted', `You have left team ${team}.`],
          ['离队申请已通过', `您已离开队伍 ${team}。`],
        ),
      ];
    case 'team.LeaveRejected':
      return [
        notice(
          applicant,
          ['Leave rejected', `Your application to leave team ${team} was rejected.`],
          ['离队申请未通过', `您离开队伍 ${team} 的申请未通过。`],
        ),
      ];
    case 'team.MemberRemoved':
      return [
        notice(
          applicant,
          ['Removed from team', `You were removed from team ${team}.`],
          ['已被移出队伍', `您已被移出队伍 ${team}。`],
        ),
      ];
    case 'team.OwnershipTransferred':
      return [
        notice(
          data.toId!,
          ['You are the team owner', `You now administer team ${team}.`],
          ['您已成为队长', `您现在是队伍 ${team} 的队长。`],
        ),
      ];
    case 'team.TeamDisbanded':
      return [
        ...(data.memberIds ?? [])
          .filter((id) => id !== data.ownerId)
          .map((id) =>
            notice(
              id,
              ['Team disbanded', `Team ${team} was disbanded.`],
              ['队伍已解散', `队伍 ${team} 已解散。`],
            ),
          ),
        ...(data.lapsedApplicantIds ?? []).map((id) =>
          notice(
            id,
            ['Application closed', `Team ${team} was disbanded, so your application lapsed.`],
            ['申请已关闭', `队伍 ${team} 已解散，您的申请已失效。`],
          ),
        ),
      ];
    case 'team.TeamDissolved':
      // An operator's decision: every member (owner included) and every applicant learns why.
      return [
        ...(data.memberIds ?? []).map((id) =>
          notice(
            id,
            ['Team dissolved', `Team ${team} was dissolved by the organisers. Reason: ${data.reason}`],
            ['队伍已被解散', `队伍 ${team} 已被主办方解散。原因：${data.reason}`],
          ),
        ),
        ...(data.lapsedApplicantIds ?? []).map((id) =>
          notice(
            id,
            ['Application closed', `Team ${team} was dissolved, so your application lapsed.`],
            ['申请已关闭', `队伍 ${team} 已解散，您的申请已失效。`],
          ),
        ),
      ];
    default:
      return [];
  }
}
