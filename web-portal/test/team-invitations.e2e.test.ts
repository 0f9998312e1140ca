import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserWaitMs, launchChromium } from './support/browser';
import type { Mailbox } from './support/mailbox';
import { contextCaller, registerInContext, verifyInContext } from './support/participant';
import { type RunningPlatform, startPortal } from './support/platform';

const shots = fileURLToPath(new URL('../../docs/portal/', import.meta.url));

type Language = 'en' | 'zh-CN';
/** What each step reads and clicks, in each language (the portal's catalogues and the API's messages). */
const words = {
  en: {
    name: 'English',
    panel: 'Invitation links',
    create: 'Create invitation link',
    once: 'it is shown only once',
    link: 'Invitation link',
    copy: 'Copy',
    copied: 'Copied.',
    open: 'Open',
    revoke: 'Revoke',
    revoked: 'Revoked',
    invitedTo: 'You are invited to join',
    slug: /^Short name \(for sais\): ?[a-z0-9-]+-2027$/,
    join: 'Join this team',
    joined: 'You joined the team',
    refused: 'The team owner has revoked this invitation',
    findLabel: 'Team ID or name',
    find: 'Find',
    members: 'members 3 / ',
    apply: 'Apply to join',
    applied: 'Application sent: the team owner decides',
    withdraw: 'Withdraw',
    withdrawn: 'Application withdrawn',
  },
  'zh-CN': {
    name: '简体中文',
    panel: '邀请链接',
    create: '生成邀请链接',
    once: '它只显示这一次',
    link: '邀请链接',
    copy: '复制',
    copied: '已复制。',
    open: '有效',
    revoke: '撤销',
    revoked: '已撤销',
    invitedTo: '您受邀加入',
    slug: /^简称（供 sais 命令行使用）： ?[a-z0-9-]+-2027$/,
    join: '加入该队伍',
    joined: '已加入队伍',
    refused: '队长已撤销该邀请',
    findLabel: '队伍 ID 或名称',
    find: '查找',
    members: '成员 3 / ',
    apply: '申请加入',
    applied: '申请已发送，由队长决定是否同意',
    withdraw: '撤回申请',
    withdrawn: '申请已撤回',
  },
} as const;

/** Switches the page's language with the top bar's selector (remembered for the next pages). */
async function switchTo(page: Page, language: Language) {
  await page.getByTestId('language-selector').click();
  await page.getByRole('option', { name: words[language].name }).click();
}

/** Waits for a notice (the app's snackbar) saying `text`. */
const notice = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();

/**
 * Issue 35 point 6 (decision 0035), each step in both languages: the owner makes and copies an invitation
 * link in English, then another in Chinese; one participant joins by a link in Chinese, another in
 * English; the owner revokes one link in each language and whoever opens a revoked link is refused, in
 * each; a participant finds the team by name and applies in Chinese, withdraws, and applies in English.
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

  /**
   * A verified participant signed up for the competition, in a browser of their own whose pages open in
   * `language` until they choose another.
   */
  async function participant(username: string, realName: string, language: Language) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    context.setDefaultTimeout(browserWaitMs);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, language);
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
  let searcher: { context: BrowserContext; page: Page };
  /** The link the owner made in each language. */
  const links: Record<Language, string> = { en: '', 'zh-CN': '' };

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

  it('the owner creates an invitation link and copies it in one click, in en and then in zh-CN', async () => {
    owner = await participant(`own${stamp}`, '张三', 'en');
    await owner.call('/team/create', { competitionId, name: teamName });
    const { page } = owner;
    await page.goto(`${origin}/competitionDetail/${competitionId}/team/myTeam`);
    const panel = page.getByTestId('team-invitations');
    const rows = panel.getByTestId('team-invitation');
    for (const language of ['en', 'zh-CN'] as const) {
      const w = words[language];
      if (language !== 'en') await switchTo(page, language);
      await panel.getByRole('heading', { name: w.panel }).waitFor();
      await panel.getByRole('button', { name: w.create }).click();
      const shown = page.getByTestId('invitation-link');
      await shown.getByText(w.once).waitFor();
      // A new link each time: wait for it to replace the one shown before.
      await expect.poll(() => shown.getByLabel(w.link).inputValue()).not.toBe(links.en);
      links[language] = await shown.getByLabel(w.link).inputValue();
      expect(links[language]).toMatch(
        new RegExp(`^${origin}/competitionDetail/${competitionId}/team/joinTeam\\?invite=[A-Za-z0-9_-]{24}$`),
      );
      await shown.getByRole('button', { name: w.copy }).click();
      await shown.getByText(w.copied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(links[language]);
      // Every link listed, open and not used yet.
      const count = language === 'en' ? 1 : 2;
      await expect.poll(() => rows.filter({ hasText: w.open }).count()).toBe(count);
      await expect
        .poll(() => rows.allTextContents())
        .toEqual(Array.from({ length: count }, () => expect.stringMatching(/0 \/ [1-9]/)));
      // From the top: scrolled, the top bar would be drawn across the middle of the full page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `${shots}team-invitations-${language}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    }
  });

  it('another participant opens a link and joins at once, in zh-CN and in en', async () => {
    const invitees = [
      { language: 'zh-CN', username: `inv${stamp}`, realName: '李四' },
      { language: 'en', username: `ine${stamp}`, realName: '赵六' },
    ] as const;
    for (const [index, { language, username, realName }] of invitees.entries()) {
      const w = words[language];
      const invitee = await participant(username, realName, language);
      const { page } = invitee;
      await page.goto(links[language]);
      const card = page.getByTestId('invitation');
      await card.getByText(w.invitedTo).waitFor();
      await card.getByText(teamName).waitFor();
      // The competition's short name on its page (decision 0036), what `sais` takes for its id.
      await expect.poll(() => page.getByTestId('competition-slug').textContent()).toMatch(w.slug);
      await page.screenshot({
        path: `${shots}join-by-invitation-${language}.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await card.getByRole('button', { name: w.join }).click();
      await notice(page, w.joined);
      await page.waitForURL(`${origin}/competitionDetail/${competitionId}/team/myTeam`);
      await expect.poll(() => page.getByTestId('team-name').textContent()).toBe(teamName);
      await expect.poll(() => page.getByTestId('team-member').count()).toBe(index + 2);
      await invitee.context.close();
    }
  });

  it('the owner revokes a link in each language, and a revoked link is refused by name in each', async () => {
    // The owner sees each link used once, and revokes one in Chinese (the page's language now), one in English.
    const { page } = owner;
    await page.reload();
    const rows = page.getByTestId('team-invitation');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([expect.stringMatching(/1 \/ [1-9]/), expect.stringMatching(/1 \/ [1-9]/)]);
    for (const [index, language] of (['zh-CN', 'en'] as const).entries()) {
      const w = words[language];
      if (language !== 'zh-CN') await switchTo(page, language);
      await rows.filter({ hasText: w.open }).first().getByRole('button', { name: w.revoke }).click();
      await expect.poll(() => rows.filter({ hasText: w.revoked }).count()).toBe(index + 1);
    }
    await expect.poll(() => page.getByRole('button', { name: words.en.revoke }).count()).toBe(0);

    // A participant in no team opens each revoked link: the server's reason, in the page's language.
    searcher = await participant(`sea${stamp}`, '王五', 'en');
    for (const language of ['en', 'zh-CN'] as const) {
      if (language !== 'en') await switchTo(searcher.page, language);
      await searcher.page.goto(links[language]);
      await notice(searcher.page, words[language].refused);
      await searcher.page.getByTestId('join-team').waitFor();
      expect(await searcher.page.getByTestId('invitation').count()).toBe(0);
    }
  });

  it('a participant finds the team by name and applies, in zh-CN and in en', async () => {
    const { page } = searcher;
    await page.goto(`${origin}/competitionDetail/${competitionId}/team/joinTeam`);
    // The search ignores case: part of the name, lower-cased in English, its number in Chinese.
    const queries = { 'zh-CN': String(stamp), en: `owls ${stamp}`.slice(0, 8) };
    const totals = {
      'zh-CN': `名称包含“${stamp}”的队伍共 1 支`,
      en: `1 team whose name contains "${queries.en}"`,
    };
    for (const language of ['zh-CN', 'en'] as const) {
      const w = words[language];
      if (language !== 'zh-CN') await switchTo(page, language);
      await page.getByLabel(w.findLabel).fill(queries[language]);
      await page.getByRole('button', { name: w.find }).click();
      const results = page.getByTestId('team-search-results');
      await results.getByText(totals[language]).waitFor();
      const found = results.getByTestId('found-team').filter({ hasText: teamName });
      await found.getByText(w.members).waitFor();
      await page.screenshot({
        path: `${shots}team-search-${language}.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await found.getByRole('button', { name: w.apply }).click();
      await notice(page, w.applied);
      const pending = page.getByTestId('my-application');
      await pending.getByText(teamName).waitFor();
      if (language === 'zh-CN') {
        // Withdrawn, so the same participant can apply again in English.
        await pending.getByRole('button', { name: w.withdraw }).click();
        await notice(page, w.withdrawn);
        await expect.poll(() => pending.count()).toBe(0);
      }
    }
    await searcher.context.close();
  });
});
