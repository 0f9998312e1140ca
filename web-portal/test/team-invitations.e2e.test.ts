import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserWaitMs, launchChromium } from './support/browser';
import type { Mailbox } from './support/mailbox';
import { contextCaller, registerInContext, verifyInContext } from './support/participant';
import { type RunningPlatform, startPortal } from './support/platform';

const shots = fileURLToPath(new URL('../../docs/portal/', import.meta.url));

/**
 * Issue 35 point 6 (decision 0035): the owner makes an invitation link, another participant opens it
 * and joins; a third finds the team by name and applies. Owner and searcher in English, the invitee in
 * Chinese, the search again in Chinese.
 */
describe('team invitations and the search by name, in a real browser', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let origin: string;
  let competitionId: string;
  const stamp = 100_000 + (Date.now() % 900_000);
  const reviewer = { username: `rev${stamp}`, password: 'Review1234' };
  const teamName = `Owls ${stamp}`;

  /** A verified participant signed up for the competition, in a browser of their own. */
  async function participant(username: string, realName: string, language: 'en' | 'zh-CN') {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    context.setDefaultTimeout(browserWaitMs);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await registerInContext(context, origin, mailbox, username);
    await verifyInContext(context, origin, realName, reviewer);
    const call = contextCaller(context, origin);
    if (!competitionId) {
      const { records } = await call<{ records: { competitionId: string }[] }>('/race/list?season=2027');
      competitionId = records[0]!.competitionId;
    }
    await expect
      .poll(async () => {
        const response = await context.request.post(`${origin}/api/race/signUp`, {
          data: { competitionId, agreements: ['rules-2027'] },
        });
        return ((await response.json()) as { code: number }).code;
      })
      .toBe(0);
    return { context, page: await context.newPage(), call };
  }
  let owner: { context: BrowserContext; page: Page; call: ReturnType<typeof contextCaller> };
  let link = '';

  beforeAll(async () => {
    ({ mailbox, running, origin } = await startPortal());
    await running.createStaff(reviewer.username, reviewer.password, ['reviewer']);
    await running.openRegistration();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  it('the owner creates an invitation link and copies it in one click (en)', async () => {
    owner = await participant(`own${stamp}`, '张三', 'en');
    await owner.call('/team/create', { competitionId, name: teamName });
    const { page } = owner;
    await page.goto(`${origin}/competitionDetail/${competitionId}/team/myTeam`);
    const panel = page.getByTestId('team-invitations');
    await panel.getByRole('heading', { name: 'Invitation links' }).waitFor();
    await panel.getByRole('button', { name: 'Create invitation link' }).click();
    const shown = page.getByTestId('invitation-link');
    await shown.getByText('it is shown only once').waitFor();
    link = await shown.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(
      new RegExp(`^${origin}/competitionDetail/${competitionId}/team/joinTeam\\?invite=[A-Za-z0-9_-]{24}$`),
    );
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const row = panel.getByTestId('team-invitation');
    await row.getByText('Open').waitFor();
    await expect.poll(() => row.textContent()).toMatch(/0 \/ [1-9]/);
    await page.screenshot({
      path: `${shots}team-invitations-en.png`,
      fullPage: true,
      animations: 'disabled',
    });
  });

  it('another participant opens the link and joins at once (zh-CN)', async () => {
    const invitee = await participant(`inv${stamp}`, '李四', 'zh-CN');
    const { page } = invitee;
    await page.goto(link);
    const card = page.getByTestId('invitation');
    await card.getByText('您受邀加入').waitFor();
    await card.getByText(teamName).waitFor();
    // The competition's short name on its page (decision 0036), what `sais` takes for its id.
    await expect
      .poll(() => page.getByTestId('competition-slug').textContent())
      .toMatch(/^简称（供 sais 命令行使用）： ?[a-z0-9-]+-2027$/);
    await page.screenshot({
      path: `${shots}join-by-invitation-zh-CN.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await card.getByRole('button', { name: '加入该队伍' }).click();
    await page.getByRole('alert').filter({ hasText: '已加入队伍' }).first().waitFor();
    await page.waitForURL(`${origin}/competitionDetail/${competitionId}/team/myTeam`);
    await expect.poll(() => page.getByTestId('team-name').textContent()).toBe(teamName);
    await expect.poll(() => page.getByTestId('team-member').count()).toBe(2);

    // The owner sees the use, and revokes the link; the invitee's second visit is refused by name.
    await owner.page.reload();
    const row = owner.page.getByTestId('team-invitation');
    await expect.poll(() => row.textContent()).toMatch(/1 \/ [1-9]/);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    const again = await invitee.context.newPage();
    await again.goto(link);
    await again.getByRole('alert').filter({ hasText: '队长已撤销该邀请' }).first().waitFor();
    await invitee.context.close();
  });

  it('a participant finds the team by name and applies (en), and searches in Chinese too', async () => {
    const searcher = await participant(`sea${stamp}`, '王五', 'en');
    const { page } = searcher;
    await page.goto(`${origin}/competitionDetail/${competitionId}/team/joinTeam`);
    await page.getByLabel('Team ID or name').fill(`owls ${stamp}`.slice(0, 8));
    await page.getByRole('button', { name: 'Find' }).click();
    const results = page.getByTestId('team-search-results');
    await results.getByText(/team(s)? whose name(s)? contain/).waitFor();
    const found = results.getByTestId('found-team').filter({ hasText: teamName });
    await found.getByText('members 2 / ').waitFor();
    await page.screenshot({ path: `${shots}team-search-en.png`, fullPage: true, animations: 'disabled' });
    await found.getByRole('button', { name: 'Apply to join' }).click();
    await page.getByRole('alert').filter({ hasText: 'Submit success' }).first().waitFor();
    await page.getByTestId('my-application').getByText(teamName).waitFor();

    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await page.getByLabel('队伍 ID 或名称').fill(String(stamp));
    await page.getByRole('button', { name: '查找' }).click();
    await page.getByText(`名称包含“${stamp}”的队伍共 1 支`).waitFor();
    await searcher.context.close();
  });
});
