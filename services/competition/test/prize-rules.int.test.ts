import { client } from '@sais/kit/testing';
import { competitionPlatform, signedInStaff } from './support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const settings = {
  title: { en: 'Yield prediction', 'zh-CN': '产率预测' },
  description: { en: 'Predict yields.', 'zh-CN': '预测产率。' },
  type: 'Algorithm',
  season: '2027',
  sponsors: ['SAIS'],
  timeZone: 'Asia/Shanghai',
  teamSizeLimit: 5,
  teamFormingAttempts: 3,
  dailySubmissionLimit: 3,
  submissionKinds: ['result-file'],
  teamMergeDeadline: null,
  agreements: [],
};

/**
 * Issue 33, finding 2, over HTTP: one operator made a prize competition they could publish alone by
 * creating it with bonus 0 and one-operator publication and raising the bonus afterwards (200), or by
 * one PUT with both fields. Both are refused now; an admin may still decide it.
 */
describe('prize money and the publication rule over HTTP (issue 33)', () => {
  let harness: Awaited<ReturnType<typeof competitionPlatform>>;

  const account = async (roles: ('operator' | 'admin')[]) =>
    (await signedInStaff(harness.platform, roles)).web;

  const put = (web: ReturnType<typeof client>, id: string, payload: object, language = 'en') =>
    web.raw({
      method: 'PUT',
      url: `/api/admin/competitions/${id}`,
      payload,
      headers: { 'content-type': 'application/json', 'accept-language': language },
    });

  beforeAll(async () => {
    harness = await competitionPlatform('prizerules');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses one operator raising the bonus of a one-operator competition, in two steps or one', async () => {
    const operator = await account(['operator']);
    const create = async (finalResultsApproval: 'one-operator' | null) => {
      const made = await operator.post('/api/admin/competitions', {
        ...settings,
        bonus: 0,
        finalResultsApproval,
        phases: [],
      });
      expect(made.body.code).toBe(0);
      return made.body.data.id as string;
    };
    const lone = await create('one-operator');
    const raised = await put(operator, lone, { bonus: 100_000 }, 'zh-CN');
    expect(raised.status).toBe(403);
    expect(raised.body).toMatchObject({
      code: 20040,
      message: '只有管理员可以允许单个运营人员发布有奖金比赛的最终成绩',
    });
    const both = await put(operator, await create(null), {
      bonus: 100_000,
      finalResultsApproval: 'one-operator',
    });
    expect(both.status).toBe(403);
    expect(both.body.code).toBe(20040);
    // With two operators in force the bonus is raised; then it is an admin's to change.
    const strengthened = await put(operator, lone, { bonus: 100_000, finalResultsApproval: 'two-operators' });
    expect(strengthened.body.data).toMatchObject({ bonus: 100_000, finalResultsApproval: 'two-operators' });
    const changed = await put(operator, lone, { bonus: 1 });
    expect(changed.status).toBe(403);
    expect(changed.body).toMatchObject({
      code: 20041,
      message:
        'Only an admin can change the prize money of a competition that has prize money (the two-operator rule for its final results depends on it)',
    });
    const admin = await account(['admin']);
    expect((await put(admin, lone, { bonus: 1 })).body.data).toMatchObject({ bonus: 1 });
  });
});
