import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserWaitMs, launchChromium } from './support/browser';
import type { Mailbox } from './support/mailbox';
import { type RunningPlatform, startPortal } from './support/platform';

/** Spec §9 / decision 0017: a participant closes their own account from /user, after a confirmation. */
describe('closing one’s account in the portal, in a real browser', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let page: Page;
  const stamp = 100_000 + (Date.now() % 900_000);
  const username = `leaving${stamp}`;
  const password = 'secret123';

  const signIn = async () => {
    await page.goto(`${running.origin}/login`);
    await page.getByLabel('账号名、邮箱或手机号').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();
  };

  beforeAll(async () => {
    ({ mailbox, running } = await startPortal());
    await running.createStaff(username, password, []);
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(browserWaitMs);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  it('asks for a confirmation and the password, then closes the account and signs out (zh-CN)', async () => {
    await signIn();
    await page.getByRole('alert').filter({ hasText: '登录成功' }).first().waitFor();
    await page.goto(`${running.origin}/user/myInfo`);
    const section = page.getByTestId('close-account');
    await section.getByRole('heading', { name: '注销账号' }).waitFor();
    await section.getByRole('button', { name: '注销我的账号…' }).click();

    const dialog = page.getByRole('dialog', { name: '注销账号' });
    await dialog.getByText('此操作无法撤销').waitFor();
    await expect.poll(() => dialog.getByText(/90 个工作日/).count()).toBeGreaterThan(0);
    const confirm = dialog.getByTestId('close-account-confirm');
    // Nothing happens without the password and the "I understand".
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('您的密码').fill('wrongpass1');
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('我已了解，确认注销账号').check();
    await confirm.click();
    // The notice sits outside the open dialog, which hides the rest of the page from the accessibility tree.
    await page.locator('[role="alert"]', { hasText: '当前密码错误' }).first().waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/sais-portal-close-account.png', fullPage: true });

    await dialog.getByLabel('您的密码').fill(password);
    await confirm.click();
    await page.getByRole('alert').filter({ hasText: '您的账号已注销' }).first().waitFor();
    await page.waitForURL(`${running.origin}/login`);
    // The session is gone: the user pages send to /login again.
    await page.goto(`${running.origin}/user/myInfo`);
    await page.waitForURL(/\/login\?redirect=/);
  });

  it('a closed account cannot sign in again', async () => {
    await signIn();
    await page.getByRole('alert').filter({ hasText: '该账号已注销' }).first().waitFor();
    await expect(page.url()).toContain('/login');
  });

  it('the same dialog in English', async () => {
    const other = `staying${stamp}`;
    await running.createStaff(other, password, []);
    await page.goto(`${running.origin}/login`);
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByLabel('Account name, email or phone number').fill(other);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Login success' }).first().waitFor();
    await page.goto(`${running.origin}/user/myInfo`);
    await page.getByTestId('close-account').getByRole('button', { name: 'Close my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close account' });
    await dialog.getByText('This cannot be undone').waitFor();
    await dialog.getByText(/90 working days after closing/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
