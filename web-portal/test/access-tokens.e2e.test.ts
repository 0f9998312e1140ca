import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserWaitMs, launchChromium } from './support/browser';
import type { Mailbox } from './support/mailbox';
import { type RunningPlatform, startPortal } from './support/platform';
import { fileURLToPath } from 'node:url';

const shots = fileURLToPath(new URL('../../docs/portal/', import.meta.url));

/** Issue 22 / decision 0019: a participant makes, uses and revokes a personal access token on /user. */
describe('access tokens on the user page, in a real browser', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let page: Page;
  const username = `tokens${100_000 + (Date.now() % 900_000)}`;
  const password = 'secret123';
  const asToken = (token: string) =>
    fetch(`${running.origin}/api/user/detail`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
    }).then(
      (response) => response.json() as Promise<{ code: number; message: string; data: { username: string } }>,
    );

  beforeAll(async () => {
    ({ mailbox, running } = await startPortal());
    await running.createStaff(username, password, []);
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    // The copy button writes to the clipboard; the test reads it back.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.origin });
    context.setDefaultTimeout(browserWaitMs);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  it('creates a token shown once, which then works, lists its use, and revokes it (zh-CN)', async () => {
    await page.goto(`${running.origin}/login`);
    await page.getByLabel('账号名、邮箱或手机号').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').filter({ hasText: '登录成功' }).first().waitFor();
    await page.goto(`${running.origin}/user/myInfo`);

    const section = page.getByTestId('access-tokens');
    await section.getByRole('heading', { name: '访问令牌' }).waitFor();
    await section.getByText('您还没有访问令牌。').waitFor();
    await section.getByLabel('令牌名称').fill('笔记本');
    await section.getByLabel('提交结果').check();
    await section.getByRole('button', { name: '创建令牌' }).click();

    const dialog = page.getByRole('dialog', { name: '新的访问令牌' });
    await dialog.getByText('令牌只显示这一次').waitFor();
    const secret = await dialog.getByTestId('token-secret').inputValue();
    expect(secret).toMatch(/^sais_pat_[A-Za-z0-9_-]{43}$/);
    // One click copies it (issue 35): the clipboard holds the secret, and the dialog says so.
    await dialog.getByRole('button', { name: '复制', exact: true }).click();
    await dialog.getByTestId('token-copied').getByText('已复制到剪贴板。').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.screenshot({ path: `${shots}access-token-zh-CN.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: '我已复制' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The token works as its holder, and the list shows its use (the secret nowhere on the page).
    expect(await asToken(secret)).toMatchObject({ code: 0, data: { username } });
    await page.reload();
    const row = section.getByTestId('access-token-row').filter({ hasText: '笔记本' });
    await row.getByText('查看、提交结果').waitFor();
    await row.getByText('(127.0.0.1)').waitFor();
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('alert').filter({ hasText: '已撤销令牌“笔记本”' }).first().waitFor();
    await row.getByText('已撤销').waitFor();
    expect(await asToken(secret)).toMatchObject({
      code: 10081,
      message: '该访问令牌已被撤销，请在个人页面重新创建',
    });
  });

  it('copies a new token with one click in English too', async () => {
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: 'English' }).click();
    const section = page.getByTestId('access-tokens');
    await section.getByLabel('Token name').fill('ci runner');
    await section.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new access token' });
    const secret = await dialog.getByTestId('token-secret').inputValue();
    await page.evaluate(() => navigator.clipboard.writeText('something else'));
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.screenshot({ path: `${shots}access-token-en.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
