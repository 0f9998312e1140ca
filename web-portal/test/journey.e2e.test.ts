import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { png } from '@sais/kit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserWaitMs, launchChromium } from './support/browser';
import type { Mailbox } from './support/mailbox';
import { type RunningPlatform, apiCaller, approveVerification, startPortal } from './support/platform';

const screenshots = join('/tmp', 'sais-portal-screenshots');

/**
 * A person's journey through the built portal, served by the real platform (every service in
 * this process on a fresh database, the seeded competitions, codes sent over real SMTP).
 */
describe('the portal against the real platform', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  const consoleErrors: string[] = [];
  /** The competition the journey signs up for, submits to and builds its team in. */
  let competitionId = '';

  const stamp = 100_000 + (Date.now() % 900_000);
  const username = `ada${stamp}`;
  const email = `${username}@example.org`;
  const password = 'secret123';

  const notice = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();
  const shot = async (name: string) => {
    await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    ({ mailbox, running, origin } = await startPortal());
    // The seeded tracks' registration opens in 2027; the journey signs up now.
    await running.openRegistration();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    context.setDefaultTimeout(browserWaitMs);
    page = await context.newPage();
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await mkdir(screenshots, { recursive: true });
    console.log(`screenshots in ${screenshots}`);
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  it('lists the seeded competitions on the home page, with filters', async () => {
    await page.goto(`${origin}/`);
    await expect.poll(() => page.getByTestId('prize-tier').count()).toBe(4);
    await expect.poll(() => page.getByTestId('track-pool').textContent()).toBe('200,000');
    await expect.poll(() => page.getByTestId('ranking-track').count()).toBe(5);
    await shot('home-zh-CN');
    const cards = page.getByTestId('competition-list').getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(5);
    await expect.poll(() => cards.first().textContent()).toContain('物质科学：催化反应产率预测');

    await page.getByTestId('type-filter').click();
    await page.getByRole('option', { name: '学术研究' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: '已结束' }).click();
    await page.getByText('没有符合条件的比赛。').waitFor();
  });

  it('registers with an email code, then is signed in', async () => {
    await page.goto(`${origin}/intro`);
    await page.getByTestId('top-bar').getByRole('link', { name: '注册' }).click();
    await page.waitForURL(`${origin}/register?redirect=${encodeURIComponent('/intro')}`);

    await page.getByLabel('账号名').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('邮箱').fill(email);
    const mailsBefore = mailbox.mails.length;
    await page.getByTestId('send-code').click();
    await notice('验证码发送成功');
    // The countdown starts from the server's resendAfterSeconds.
    await expect.poll(() => page.getByTestId('send-code').textContent()).toMatch(/^\d+ 秒后重新获取$/);
    await expect.poll(() => page.getByTestId('send-code').isDisabled()).toBe(true);

    await page.getByLabel('验证码').fill(await mailbox.codeFor(email, mailsBefore));
    await page.getByRole('button', { name: '注册' }).click();
    await page.getByText('请阅读并同意服务条款').waitFor();

    await page.getByRole('button', { name: '平台服务条款' }).click();
    const terms = page.getByRole('dialog', { name: '平台服务条款' });
    await terms.getByRole('heading', { name: '六、适用法律与争议解决' }).waitFor();
    await terms.getByRole('button', { name: '我同意' }).click();
    await shot('register-zh-CN');
    await page.getByRole('button', { name: '注册' }).click();

    await notice('注册成功');
    await page.waitForURL(`${origin}/intro`);
    await page.getByTestId('user-menu').getByText(username).waitFor();
  });

  it('edits the profile with the spec messages', async () => {
    await page.getByRole('button', { name: '个人信息' }).click();
    await page.waitForURL(`${origin}/user/myInfo`);
    const form = page.getByTestId('profile-form');
    await form.getByLabel('昵称').fill('Ada L');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('请输入您当前所在的国家/地区').waitFor();
    await form.getByText('请输入有效的学校/单位').waitFor();

    await form.getByLabel('国家/地区').fill('中国');
    await form.getByLabel('学校/单位').fill('复旦大学');
    await form.getByRole('button', { name: '保存' }).click();
    await notice('个人信息更新成功');
    await page.getByTestId('user-menu').getByText('Ada L').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('profile-form').getByLabel('学校/单位').inputValue())
      .toBe('复旦大学');
  });

  it('checks certificate photos before upload and submits the verification', async () => {
    await page.getByRole('navigation').getByRole('link', { name: '实名认证' }).click();
    await page.waitForURL(`${origin}/user/myAuth`);
    await expect.poll(() => page.getByTestId('auth-status').first().textContent()).toBe('未认证');
    await page.getByTestId('payment-app-unavailable').waitFor();

    await page.getByLabel('姓名').fill('张三');
    await page.getByLabel('身份证号').fill('110105194912310021');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText('身份证号格式不正确').waitFor();
    await page.getByLabel('身份证号').fill('11010519491231002X');

    const front = page.locator('input[name="front"]');
    const back = page.locator('input[name="back"]');
    await front.setInputFiles({
      name: 'front.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await page.getByText('文件格式错误').waitFor();
    const tooLarge = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    await back.setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: tooLarge });
    await page.getByText('照片超过 3 MB，请上传不超过 3 MB 的 jpg、png 或 bmp 照片').waitFor();
    // The same message in English names the limit too (issue 35: a generic "meets the specifications").
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page
      .getByText('The photo is larger than 3 MB; please upload a jpg, png or bmp photo of at most 3 MB')
      .waitFor();
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await page.getByText('照片超过 3 MB，请上传不超过 3 MB 的 jpg、png 或 bmp 照片').waitFor();

    await front.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
    await back.setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByRole('img', { name: '身份证正面' }).count()).toBe(1);
    await page.getByRole('button', { name: '提交' }).click();
    await notice('提交成功');
    await expect.poll(() => page.getByTestId('auth-status').first().textContent()).toBe('审核中');
  });

  it('offers authentication when an unverified user signs up or downloads a dataset', async () => {
    await page.goto(`${origin}/`);
    await page.getByTestId('competition-list').getByRole('link').first().click();
    await page.waitForURL(/\/competitionDetail\/[0-9a-f-]+\/format$/);
    await page.getByTestId('competition-description').waitFor();
    // Verification is asked for before the agreements are read, not after they were accepted.
    await page.getByTestId('sign-up').click();
    const modal = page.getByRole('dialog', { name: '需要实名认证' });
    await modal.getByText('请先完成实名认证').waitFor();
    await expect.poll(() => page.getByRole('dialog', { name: '比赛协议' }).count()).toBe(0);
    await modal.getByRole('button', { name: '取消' }).click();

    await page.getByRole('tab', { name: '赛题数据' }).click();
    await page.getByRole('button', { name: '下载 train.csv' }).click();
    await modal.getByText('请先完成实名认证').waitFor();
    await modal.getByRole('button', { name: '去认证' }).click();
    await page.waitForURL(`${origin}/user/myAuth`);
  });

  it('shows the reviewer’s decision in the inbox', async () => {
    await running.createStaff(`rev${stamp}`, 'Review1234', ['reviewer']);
    const reviewer = apiCaller(origin);
    await reviewer('POST', '/user/login', { username: `rev${stamp}`, password: 'Review1234' });
    const queue = await reviewer<{ records: { verificationId: string; name: string }[] }>(
      'POST',
      '/user/getReview',
      {},
    );
    const mine = queue.records.find((record) => record.name === '张三');
    expect(mine).toBeDefined();
    await approveVerification(
      origin,
      { username: `rev${stamp}`, password: 'Review1234' },
      mine!.verificationId,
      '11010519491231002X',
    );

    await page.goto(`${origin}/user/myMsg`);
    const list = page.getByTestId('message-list');
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('unread-count').waitFor();
        return list.count();
      })
      .toBe(1);
    await expect.poll(() => page.getByTestId('unread-count').textContent()).toBe('1 条未读');
    await page.getByTestId('unread-badge').waitFor();
    // The avatar's badge counts what the page counts (issue 35: it said 1 where the page said 2).
    const avatarBadge = page.getByTestId('top-unread-badge');
    await expect.poll(() => avatarBadge.getAttribute('data-unread')).toBe('1');
    await expect.poll(() => avatarBadge.locator('.MuiBadge-badge').textContent()).toBe('1');
    await shot('inbox-zh-CN');
    await list.getByRole('button').first().click();
    await page.getByTestId('message-content').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => page.getByTestId('unread-count').textContent()).toBe('0 条未读');
    await expect.poll(() => page.getByTestId('unread-badge').count()).toBe(0);
    await expect.poll(() => avatarBadge.getAttribute('data-unread')).toBe('0');

    await page.getByRole('navigation').getByRole('link', { name: '实名认证' }).click();
    await expect.poll(() => page.getByTestId('auth-status').first().textContent()).toBe('已认证');
  });

  it('signs up for a seeded competition and downloads a dataset', async () => {
    await page.goto(`${origin}/`);
    await page.getByTestId('competition-list').getByRole('link').first().click();
    await page.getByTestId('sign-up').click();
    const agreements = page.getByRole('dialog', { name: '比赛协议' });
    await agreements.getByLabel('我已阅读并同意本协议').check();
    await agreements.getByRole('button', { name: '报名参赛' }).click();
    await notice('报名成功，现在可以参加比赛了');
    await page.getByTestId('signed-up').waitFor();
    await shot('competition-format-zh-CN');

    await page.getByRole('tab', { name: '赛题数据' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载 train.csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('train.csv');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.split('\n')[0]).toBe('id,catalyst,solvent,temperature_c,equivalents,yield');
    const [readme] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载 README.md' }).click(),
    ]);
    expect(readme.suggestedFilename()).toBe('README.md');

    await page.goto(`${origin}/user/myRace`);
    await page.getByTestId('my-races').getByText('物质科学：催化反应产率预测').waitFor();
  });

  it('clears the Change Password fields on close; a failure is logged and shows the common notice', async () => {
    const open = async () => {
      await page.getByRole('button', { name: '账号菜单' }).click();
      await page.getByRole('menuitem', { name: '修改密码' }).click();
      return page.getByRole('dialog', { name: '修改密码' });
    };
    let dialog = await open();
    await dialog.getByLabel('当前密码').fill('whatever1');
    await dialog.getByRole('button', { name: '取消' }).click();
    dialog = await open();
    await expect.poll(() => dialog.getByLabel('当前密码').inputValue()).toBe('');

    await dialog.getByLabel('当前密码').fill('wrongpass1');
    await dialog.getByLabel('新密码', { exact: true }).fill('newpass123');
    await dialog.getByLabel('再次输入新密码').fill('newpass124');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('两次输入的密码不一致').waitFor();

    await dialog.getByLabel('再次输入新密码').fill('newpass123');
    const errorsBefore = consoleErrors.length;
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => consoleErrors.slice(errorsBefore).join('\n')).toContain('change password failed');
    // Spec §8: the common error notice still applies (found by its role attribute: the open modal hides
    // the rest of the page from the accessibility tree).
    await page.locator('[role="alert"]', { hasText: '当前密码错误' }).waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: '取消' }).click();
  });

  it('signs out to /login, and the visitor is signed out everywhere', async () => {
    await page.getByRole('button', { name: '账号菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(`${origin}/login`);
    await page.getByRole('heading', { level: 1, name: '登录' }).waitFor();
    await expect.poll(() => page.getByTestId('top-bar').count()).toBe(0);
    await page.goto(`${origin}/`);
    await page.getByTestId('top-bar').getByRole('link', { name: '登录' }).waitFor();
    await page.goto(`${origin}/user/myInfo`);
    await page.waitForURL(`${origin}/login?redirect=${encodeURIComponent('/user/myInfo')}`);
  });

  it('signs in with the password and comes back to the redirect address', async () => {
    await page.getByLabel('账号名、邮箱或手机号').fill(email);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await notice('登录成功');
    await page.waitForURL(`${origin}/user/myInfo`);
    await page.getByTestId('user-menu').waitFor();

    // The same pages in English: the inbox title comes from the server in the chosen language.
    await page.getByRole('navigation').getByRole('link', { name: '消息' }).click();
    await expect.poll(() => page.getByTestId('unread-count').textContent()).toBe('0 条未读');
    // A message arrives while the inbox is open (a token made elsewhere): the next answer the page gets
    // is the count everywhere, the avatar's too, without waiting for its own poll (issue 35).
    const made = await page.evaluate(async () => {
      const response = await fetch('/api/user/tokens/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'laptop', scopes: ['read'], expiresInDays: 30 }),
      });
      return ((await response.json()) as { code: number }).code;
    });
    expect(made).toBe(0);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const response = await fetch('/api/notify/page?page=1&pageSize=1');
          return ((await response.json()) as { data: { unread: number } }).data.unread;
        }),
      )
      .toBe(1);
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await expect.poll(() => page.getByTestId('unread-count').textContent()).toBe('1 unread');
    await expect.poll(() => page.getByTestId('top-unread-badge').getAttribute('data-unread')).toBe('1');
    await expect.poll(() => page.getByTestId('unread-badge').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('message-list').textContent()).toMatch(/[A-Za-z]{4,}/);
    await shot('inbox-en');
    await page.getByRole('navigation').getByRole('link', { name: 'My competitions' }).click();
    await page
      .getByTestId('my-races')
      .getByText('Physical science: Catalytic reaction yield prediction')
      .waitFor();
    await shot('my-competitions-en');

    // Signing up for a second track, in English: the notice says what happened (issue 35: it said
    // "Submit success").
    await page.goto(`${origin}/`);
    await page.getByTestId('competition-list').getByRole('listitem').nth(1).getByRole('link').first().click();
    await page.waitForURL(/\/competitionDetail\/[0-9a-f-]+\/format$/);
    await page.getByTestId('sign-up').click();
    const agreements = page.getByRole('dialog', { name: 'Competition agreements' });
    await agreements.getByLabel('I have read and accept this agreement').check();
    await agreements.getByRole('button', { name: 'Sign up' }).click();
    await notice('Signed up: you can now take part in the competition');
    await page.getByTestId('signed-up').waitFor();
  });

  it('shows the validation messages of a form in the language chosen on it', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const other = await visitor.newPage();
    try {
      await other.goto(`${origin}/register`);
      await other.getByRole('button', { name: '注册' }).click();
      await other.getByText('用户名为6~20位小写字母或数字').waitFor();
      await other.getByText('邮箱格式不正确').waitFor();
      await other.getByText('请阅读并同意服务条款').waitFor();

      await other.getByTestId('language-selector').click();
      await other.getByRole('option', { name: 'English' }).click();
      await other.getByText('Username is 6~20 characters of lowercase letters or numbers').waitFor();
      await other.getByText('Email format is incorrect').waitFor();
      await other.getByText('Please read and agree the service terms').waitFor();
      await other.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
      await other.screenshot({ path: join(screenshots, 'register-validation-en.png'), fullPage: true });

      await other.getByTestId('language-selector').click();
      await other.getByRole('option', { name: '简体中文' }).click();
      await other.getByText('密码为8~20位字母和数字').waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('submits a result, sees it scored and on the leaderboard, and builds a team', async () => {
    // Back in the first competition (signed up above), in English since the sign-in test.
    await page.goto(`${origin}/`);
    await page.getByTestId('competition-list').getByRole('link').first().click();
    await page.waitForURL(/\/competitionDetail\/[0-9a-f-]+\/format$/);
    competitionId = /competitionDetail\/([0-9a-f-]+)\//.exec(page.url())![1]!;

    // An operator opens the preliminary phase now.
    await running.createStaff(`op${stamp}`, 'Operate1234', ['operator']);
    const operator = apiCaller(origin);
    await operator('POST', '/user/login', { username: `op${stamp}`, password: 'Operate1234' });
    await operator('POST', `/admin/competitions/${competitionId}/phases/preliminary/open`, {});

    // A valid result file: the seeded sample submission (every test id, the target column).
    const envelope = async <T>(path: string) =>
      ((await (await page.request.get(`${origin}/api${path}`)).json()) as { data: T }).data;
    const files = await envelope<{ fileId: string; name: string }[]>(
      `/race/files?competitionId=${competitionId}`,
    );
    const sample = files.find((file) => file.name === 'sample_submission.csv')!;
    const csv = await (await page.request.get(`${origin}/api/race/download?fileId=${sample.fileId}`)).body();

    await page.getByRole('tab', { name: 'My submissions' }).click();
    await page.waitForURL(`${origin}/competitionDetail/${competitionId}/mySubmissions`);
    await page.getByTestId('upload-rules').waitFor();
    await expect
      .poll(() => page.getByTestId('remaining').textContent())
      .toBe('Submissions left today: 3 / 3');
    await page.locator('input[name="result"]').setInputFiles({
      name: 'result.csv',
      mimeType: 'text/csv',
      buffer: csv,
    });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await notice('Submit success');
    await expect
      .poll(() => page.getByTestId('remaining').textContent())
      .toBe('Submissions left today: 2 / 3');
    const row = page.getByTestId('submission-row').first();
    await expect
      .poll(() => row.getByTestId('submission-status').textContent(), { timeout: 60_000 })
      .toBe('Completed');
    await expect.poll(() => row.getByTestId('submission-score').textContent()).toMatch(/^-?\d/);
    // A scored file has no refusal to show: no column of empty logs (issue 35; a refused file's note:
    // participant-pages.e2e.test.ts).
    await expect.poll(() => page.getByTestId('submission-log').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Why the scorer refused it' }).count())
      .toBe(0);
    // The score's signed record, verified in this browser (WebCrypto: SHA-256, Ed25519) once a
    // checkpoint of the scoring log covers it (every second here).
    const proof = row.getByTestId('score-proof');
    await expect.poll(() => proof.getAttribute('data-state'), { timeout: 30_000 }).toBe('verified');
    await expect.poll(() => proof.textContent()).toMatch(/^Score recorded in checkpoint #\d+, verified$/);
    const checkpointNumber = /#(\d+)/.exec((await proof.textContent())!)![1];
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await expect.poll(() => proof.textContent()).toBe(`成绩已记录于检查点 #${checkpointNumber}，已验证`);
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect.poll(() => proof.textContent()).toMatch(/, verified$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download result.csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('result.csv');
    await expect
      .poll(() => page.getByTestId('final-mode').textContent())
      .toBe('Default: your 2 best public scores');
    await expect
      .poll(() => page.getByLabel('Use result.csv for the private leaderboard').isChecked())
      .toBe(true);
    await shot('my-submissions-en');

    // A file above 8 MB goes through the resumable (tus) upload, with a progress bar. This one has
    // ids the test set does not know, so it is scored Invalid: a format refusal, its allowance back
    // (decision 0020).
    const padding = Array.from({ length: 600_000 }, (_, i) => `extra${i},0.5\n`).join('');
    await page.locator('input[name="result"]').setInputFiles({
      name: 'large.csv',
      mimeType: 'text/csv',
      buffer: Buffer.concat([csv, Buffer.from(padding)]),
    });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByTestId('upload-progress').waitFor();
    await notice('Submit success');
    const large = page.getByTestId('submission-row').first();
    await expect
      .poll(() => large.getByTestId('submission-status').textContent(), { timeout: 60_000 })
      .toBe('Invalid');
    await expect
      .poll(() => page.getByTestId('remaining').textContent())
      .toBe('Submissions left today: 2 / 3');
    await expect.poll(() => page.getByTestId('format-refusals').textContent()).toContain('used today: 1');

    await page.getByRole('tab', { name: 'Leaderboard' }).click();
    const board = page.getByTestId('leaderboard-row');
    await expect.poll(() => board.count()).toBe(1);
    await expect.poll(() => board.first().textContent()).toContain(username);
    await expect.poll(() => board.first().textContent()).toContain('复旦大学');
    await page.getByTestId('leaderboard-live').waitFor();
    await page.getByTestId('board-private').click();
    await page.getByTestId('private-hidden').waitFor();
    await page.getByTestId('board-public').click();
    await shot('leaderboard-en');

    await page.getByRole('tab', { name: 'My score' }).click();
    await expect.poll(() => page.getByTestId('best-rank').textContent()).toBe('1');
    await page.getByTestId('score-chart').waitFor();

    await page.getByRole('tab', { name: 'My team' }).click();
    await page.waitForURL(`${origin}/competitionDetail/${competitionId}/team/buildTeam`);
    await expect
      .poll(() => page.getByTestId('attempts-left').textContent())
      .toMatch(/^You only have \d+ times to organize a team$/);
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByText('Please enter a team name').waitFor();
    await page.getByLabel('Team name').fill('Owls');
    await page.getByRole('button', { name: 'Create team' }).click();
    await notice('Team created');
    await page.waitForURL(`${origin}/competitionDetail/${competitionId}/team/myTeam`);
    await expect.poll(() => page.getByTestId('team-name').textContent()).toBe('Owls');
    await expect.poll(() => page.getByTestId('team-member').first().textContent()).toContain(email);
    await page.getByLabel('New team name').fill('Larks');
    await page.getByRole('button', { name: 'Rename' }).click();
    await notice('Team renamed');
    await expect.poll(() => page.getByTestId('team-name').textContent()).toBe('Larks');
    await shot('my-team-en');
  });

  it('a second user applies to the team and the owner accepts', async () => {
    // The second person registers, is verified and signs up through the API (as the first did in the
    // browser above), then applies in the browser of their own.
    const teamId = (await page.getByTestId('team-id').textContent())!;
    const second = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    second.setDefaultTimeout(browserWaitMs);
    const bob = await second.newPage();
    const bobName = `bob${stamp}`;
    const bobEmail = `${bobName}@example.org`;
    const call = async <T>(path: string, data: object, multipart = false): Promise<T> => {
      const response = await second.request.post(
        `${origin}/api${path}`,
        multipart ? { multipart: data as never } : { data },
      );
      const body = (await response.json()) as { code: number; message: string; data: T };
      if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`);
      return body.data;
    };
    try {
      const mailsBefore = mailbox.mails.length;
      await call('/code/sendEmailCode', { email: bobEmail, mode: 1 });
      const code = await mailbox.codeFor(bobEmail, mailsBefore);
      await call('/user/register', {
        username: bobName,
        password,
        code,
        agree: true,
        contactType: 1,
        email: bobEmail,
      });
      await call('/user/login', { username: bobName, password });
      const photo = { name: 'photo.png', mimeType: 'image/png', buffer: png };
      await call(
        '/user/submitAuthentication',
        {
          name: '李四',
          certificateType: 'id-card',
          certificateNumber: '11010519491231002X',
          front: photo,
          back: photo,
        },
        true,
      );
      const reviewer = apiCaller(origin);
      await reviewer('POST', '/user/login', { username: `rev${stamp}`, password: 'Review1234' });
      const queue = await reviewer<{ records: { verificationId: string; name: string }[] }>(
        'POST',
        '/user/getReview',
        {},
      );
      const pending = queue.records.find((record) => record.name === '李四')!;
      await approveVerification(
        origin,
        { username: `rev${stamp}`, password: 'Review1234' },
        pending.verificationId,
        '11010519491231002X',
      );
      await expect
        .poll(async () => {
          const response = await second.request.post(`${origin}/api/race/signUp`, {
            data: { competitionId, agreements: ['rules-2027'] },
          });
          return ((await response.json()) as { code: number }).code;
        })
        .toBe(0);

      await bob.goto(`${origin}/competitionDetail/${competitionId}/team/joinTeam`);
      await bob.getByLabel('队伍 ID').fill(teamId);
      await bob.getByRole('button', { name: '查找' }).click();
      await bob.getByTestId('found-team').getByText('Larks').waitFor();
      await bob.getByRole('button', { name: '申请加入' }).click();
      await bob.getByRole('alert').filter({ hasText: '申请已发送，由队长决定是否同意' }).first().waitFor();
      await bob.getByTestId('my-application').waitFor();
      await bob.screenshot({ path: join(screenshots, 'join-team-zh-CN.png'), fullPage: true });

      await page.reload();
      const application = page.getByTestId('team-application');
      await application.getByText(bobName, { exact: true }).waitFor();
      await application.getByRole('button', { name: 'Agree' }).click();
      await notice('Application accepted: they joined the team');
      await expect.poll(() => page.getByTestId('team-member').count()).toBe(2);
      await shot('my-team-en');
    } finally {
      await second.close();
    }
  });

  it('shows the key pages in zh-CN and the landing page in en', async () => {
    const base = `${origin}/competitionDetail/${competitionId}`;
    await page.goto(`${origin}/`);
    await page
      .getByTestId('ranking-row')
      .filter({ hasText: new RegExp(`Larks|${username}`) })
      .waitFor();
    await shot('home-en');
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: '简体中文' }).click();
    await page.getByRole('heading', { level: 2, name: '奖项设置' }).waitFor();
    for (const [tab, ready] of [
      ['mySubmissions', 'upload-panel'],
      ['leaderboard', 'leaderboard-row'],
      ['myScore', 'no-score'],
      ['team/myTeam', 'team-member'],
      ['codeSubmissions', 'container-not-offered'],
    ] as const) {
      await page.goto(`${base}/${tab}`);
      await page.getByTestId(ready).first().waitFor();
      await shot(`${tab.replace('/', '-')}-zh-CN`);
    }
    // The footer of every page leads to the checkpoints' key on the About page: the one the platform signs with.
    await page.getByTestId('footer-transparency').click();
    await page.waitForURL(`${origin}/intro#transparency`);
    const published = await page.getByTestId('transparency-key').textContent();
    const [checkpoints] = running.platform.checkpointers.values();
    expect(published).toMatch(/^sais-platform\+[0-9a-f]{8}\+/);
    expect(published).toBe(checkpoints!.publicKey);
    await expect.poll(() => page.getByTestId('transparency-log').count()).toBe(4);
  });

  it('updates the open leaderboard live when an operator disqualifies the team', async () => {
    // Still on the zh-CN pages; the leaderboard listens to the server's event stream.
    await page.goto(`${origin}/competitionDetail/${competitionId}/leaderboard`);
    await page.getByTestId('leaderboard-live').waitFor();
    const rows = page.getByTestId('leaderboard-row');
    await expect.poll(() => rows.count()).toBe(1);
    const board = (await (
      await page.request.get(`${origin}/api/leaderboard/public?competitionId=${competitionId}`)
    ).json()) as { data: { records: { teamId: string }[] } };
    const operator = apiCaller(origin);
    await operator('POST', '/user/login', { username: `op${stamp}`, password: 'Operate1234' });
    await operator('POST', '/admin/leaderboard/disqualifyTeam', {
      competitionId,
      teamId: board.data.records[0]!.teamId,
      reason: 'journey test: live update',
    });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(0);
    await page.getByTestId('leaderboard-empty').waitFor();
  });
});
