import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserWaitMs, launchChromium } from './support/browser';
import { englishOn } from './support/english';
import type { Mailbox } from './support/mailbox';
import { contextCaller, registerInContext, verifyInContext } from './support/participant';
import { type RunningPlatform, startPortal } from './support/platform';

/**
 * Decision 0023 in Chromium: a participant turns an email notice on on /user/myInfo (zh-CN), picks the
 * email's language, sees the choice kept in both portal languages, and gets the email of their
 * verification decision in that language from the platform's real SMTP path; then turns it off.
 */
describe('email notices on the user page, in a real browser', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const stamp = 100_000 + (Date.now() % 900_000);
  const username = `mail${stamp}`;
  const reviewer = { username: `mrv${stamp}`, password: 'Review1234' };

  beforeAll(async () => {
    ({ mailbox, running } = await startPortal({ EMAIL_NOTICES_POLL_MS: '200' }));
    await running.createStaff(reviewer.username, reviewer.password, ['reviewer']);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(browserWaitMs);
    await registerInContext(context, running.origin, mailbox, username);
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  const section = () => page.getByTestId('email-notices');
  const notice = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

  it('turns the verification email on in zh-CN with English emails, keeps it in both languages, and sends it', async () => {
    await page.goto(`${running.origin}/user/myInfo`);
    await section().getByRole('heading', { name: '邮件通知' }).waitFor();
    await section().getByText(`邮件将发送至 ${username}@example.org。`).waitFor();
    await expect.poll(() => section().textContent()).toContain('每小时最多发送 10 封邮件');
    // Off until turned on, the portal's language offered.
    for (const label of ['我的提交的评测结果', '组队申请、邀请及处理结果', '我的实名认证审核结果'])
      await expect.poll(() => section().getByLabel(label).isChecked()).toBe(false);
    await expect.poll(() => section().getByTestId('email-notices-language').textContent()).toBe('简体中文');
    await expect(englishOn(page, '[data-testid="email-notices"]')).resolves.toEqual([]);

    await section().getByLabel('我的实名认证审核结果').check();
    await section().getByTestId('email-notices-language').click();
    await page.getByRole('option', { name: 'English' }).click();
    await section().getByRole('button', { name: '保存' }).click();
    await notice('修改成功');
    await page.screenshot({ path: '/tmp/sais-portal-screenshots/email-notices-zh-CN.png', fullPage: true });

    // Kept: read again after a reload, and in the English portal.
    await page.reload();
    await expect.poll(() => section().getByLabel('我的实名认证审核结果').isChecked()).toBe(true);
    await expect.poll(() => section().getByLabel('我的提交的评测结果').isChecked()).toBe(false);
    await expect.poll(() => section().getByTestId('email-notices-language').textContent()).toBe('English');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await section().getByRole('heading', { name: 'Email notices' }).waitFor();
    await section().getByText(`Emails go to ${username}@example.org.`).waitFor();
    await expect.poll(() => section().getByLabel('My identity verification decision').isChecked()).toBe(true);
    await expect
      .poll(() => section().getByLabel('Scoring results of my submissions').isChecked())
      .toBe(false);
    await page.screenshot({ path: '/tmp/sais-portal-screenshots/email-notices-en.png', fullPage: true });

    // The decision comes by email, in English as chosen.
    const before = mailbox.mails.length;
    await verifyInContext(context, running.origin, '周八', reviewer);
    await expect
      .poll(
        () =>
          mailbox.mails
            .slice(before)
            .filter((mail) => mail.to === `${username}@example.org`)
            .map((mail) => mail.text),
        { timeout: 15_000 },
      )
      .toEqual([expect.stringContaining('Your real-name verification was approved.')]);

    // Off again, in the English portal.
    await section().getByLabel('My identity verification decision').uncheck();
    await section().getByRole('button', { name: 'Save' }).click();
    await notice('Modify success');
    const call = contextCaller(context, running.origin);
    await expect(
      call<{ verification: boolean; language: string }>('/user/emailNotices'),
    ).resolves.toMatchObject({
      verification: false,
      language: 'en',
    });
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  }, 90_000);
});
