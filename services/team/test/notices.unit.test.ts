import { team } from '@sais/events';
import { describe, expect, it } from 'vitest';

const id = (n: number) => `0b4f6a8e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const base = { teamId: id(1), competitionId: id(2), ownerId: id(3), teamName: 'Catalysts' };
const nameOf = async (accountId: string) => (accountId === id(4) ? 'alice2026' : 'someone');

describe('team notices for the inbox', () => {
  it('tells the owner who applied, in both languages', async () => {
    const [notice] = await team.teamNotices(
      'team.JoinRequested',
      { ...base, applicationId: id(5), accountId: id(4) },
      nameOf,
    );
    expect(notice).toEqual({
      recipientId: id(3),
      title: { en: 'New join application', 'zh-CN': '新的入队申请' },
      body: {
        en: 'alice2026 applied to join your team Catalysts.',
        'zh-CN': 'alice2026 申请加入您的队伍 Catalysts。',
      },
    });
  });
  it('tells every member but the owner, and every lapsed applicant, that the team was disbanded', async () => {
    const notices = await team.teamNotices(
      'team.TeamDisbanded',
      { ...base, memberIds: [id(3), id(4)], lapsedApplicantIds: [id(6)] },
      nameOf,
    );
    expect(notices.map((n) => [n.recipientId, n.title.en])).toEqual([
      [id(4), 'Team disbanded'],
      [id(6), 'Application closed'],
    ]);
  });
  it('stays silent about events nobody needs to hear of', async () => {
    expect(await team.teamNotices('team.TeamRenamed', base, nameOf)).toEqual([]);
    expect(await team.teamNotices('team.JoinCancelled', { ...base, accountId: id(4) }, nameOf)).toEqual([]);
  });
});
