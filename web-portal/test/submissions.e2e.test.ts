import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { competition as C } from '@sais/events';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Evaluator } from '../../services/scoring/src/workers/evaluator.ts';
import { browserWaitMs, launchChromium } from './support/browser';
import type { Mailbox } from './support/mailbox';
import { type RunningPlatform, apiCaller, startPortal } from './support/platform';

const screenshots = join('/tmp', 'sais-portal-screenshots');

/**
 * Decision 0020 in Chromium against the real platform: the upload panel names the exact columns and
 * downloads the sample submission; a waiting submission shows its place in the queue and estimated
 * times, and its cancel button gives the attempt back; in English and in zh-CN. The platform runs no
 * scoring worker (SCORING_WORKERS=off): the test scores with an Evaluator of its own, so submissions
 * wait as long as it wants.
 */
describe('submitting in the portal: columns, sample, queue, cancel', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let competitionId: string;
  let evaluator: Evaluator;
  const stamp = 100_000 + (Date.now() % 900_000);
  const username = `sub${stamp}`;
  const password = 'Submit1234';
  const consoleErrors: string[] = [];

  const notice = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();
  const rows = () => page.getByTestId('submission-row');
  /** Screenshots beside the journey's (docs/portal.md). */
  const shot = async (name: string) => {
    await mkdir(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    ({ mailbox, running, origin } = await startPortal({ SCORING_WORKERS: 'off' }));
    const { platform } = running;
    const db = platform.database.db;
    evaluator = new Evaluator(db, platform.stores.get('scoring')!, {
      workerId: `e2e-${stamp}`,
      leaseMs: 60_000,
      maxAttempts: 3,
      backoffMs: 20,
    });

    // The first seeded competition, its preliminary phase opened by an operator.
    await running.createStaff(`op${stamp}`, 'Operate1234', ['operator']);
    const operator = apiCaller(origin);
    await operator('POST', '/user/login', { username: `op${stamp}`, password: 'Operate1234' });
    const list = await operator<{ records: { competitionId: string }[] }>(
      'GET',
      '/race/list?page=1&pageSize=10',
    );
    competitionId = list.records[0]!.competitionId;
    await operator('POST', `/admin/competitions/${competitionId}/phases/preliminary/open`, {});

    // A participant signed up (as the competition service records a sign-up).
    await running.createStaff(username, password, []);
    const accountId = (
      await sql<{ account_id: string }>`select account_id from identity.account_keys
        where kind = 'username' and value = ${username}`.execute(db)
    ).rows[0]!.account_id;
    await db.transaction().execute(async (trx) => {
      await sql`insert into competition.registrations (competition_id, account_id, signed_up_at)
        values (${competitionId}, ${accountId}, now())`.execute(trx);
      await platform.stores.get('competition')!.append(
        C.ParticipantSignedUp.aggregate,
        `registration-${competitionId}-${accountId}`,
        'no_stream',
        [{ type: C.ParticipantSignedUp.type, data: { competitionId, accountId, acceptedAgreements: [] } }],
        {
          actor: { userId: accountId, role: 'participant' },
          correlationId: randomUUID(),
          causationId: null,
        },
        { trx },
      );
    });
    // Scoring's mirror of the sign-up (the sample is for participants only).
    const cookie = await sessionCookie();
    for (let i = 0; ; i++) {
      const response = await fetch(`${origin}/api/submission/sample?competitionId=${competitionId}`, {
        headers: { cookie },
      });
      if (response.status === 200) break;
      if (i > 200) throw new Error(`the sign-up did not reach scoring (${response.status})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    context.setDefaultTimeout(browserWaitMs);
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: origin }]);
    page = await context.newPage();
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  /** A session of the participant (signed in through the API). */
  async function sessionCookie() {
    const response = await fetch(`${origin}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return response.headers.get('set-cookie')!.split(';')[0]!;
  }

  const language = async (code: 'en' | 'zh-CN') => {
    await page.evaluate((value) => localStorage.setItem('language', value), code);
    await page.reload();
  };

  it('names the exact columns and downloads the sample submission, which is accepted as it is', async () => {
    await page.goto(`${origin}/competitionDetail/${competitionId}/mySubmissions`);
    await language('en');
    const columns = page.getByTestId('upload-columns');
    await expect
      .poll(() => columns.textContent())
      .toMatch(/^The result file is a CSV whose first line is exactly id,\w+, then one row per test id\.$/);
    const header = /exactly (id,\w+),/.exec((await columns.textContent())!)![1]!;
    await expect
      .poll(() => page.getByTestId('format-refusals').textContent())
      .toContain('at most 10 such refusals a day (used today: 0)');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download sample submission' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sample_submission.csv');
    const sample = await readFile((await download.path())!);
    const lines = sample.toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(header);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.slice(1).every((line) => line.endsWith(',0'))).toBe(true);

    // Submitted as it is, then scored by a worker: the competition's first finished evaluation.
    await page.locator('input[name="result"]').setInputFiles({
      name: 'sample.csv',
      mimeType: 'text/csv',
      buffer: sample,
    });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await notice('Submit success');
    await expect.poll(() => rows().count()).toBe(1);
    await expect
      .poll(() => rows().first().getByTestId('queue-place').textContent())
      .toContain('Place 1 in the queue');
    const first = (await fetchMine())[0]!.submissionId;
    await evaluator.evaluate(first, randomUUID());
    await expect
      .poll(() => rows().first().getByTestId('submission-status').textContent(), { timeout: 20_000 })
      .toBe('Completed');
    await expect
      .poll(() => page.getByTestId('remaining').textContent())
      .toBe('Submissions left today: 2 / 3');
  });

  it('shows a waiting submission’s place and estimated times, and cancels it with its attempt back', async () => {
    await page.locator('input[name="result"]').setInputFiles({
      name: 'waiting.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from((await sampleText()).replace(/,0$/gm, ',1')),
    });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await notice('Submit success');
    const waiting = rows().filter({ hasText: 'waiting.csv' });
    await expect
      .poll(() => waiting.getByTestId('queue-place').textContent())
      .toContain('Place 1 in the queue');
    await expect
      .poll(() => waiting.getByTestId('queue-estimate').textContent())
      .toMatch(/^Estimated start .+, finish .+$/);
    await expect
      .poll(() => page.getByTestId('remaining').textContent())
      .toBe('Submissions left today: 1 / 3');

    await shot('queue-en');
    await waiting.getByRole('button', { name: 'Cancel waiting.csv' }).click();
    await notice('Cancelled; the submission is back in today’s allowance');
    await expect.poll(() => waiting.getByTestId('submission-status').textContent()).toBe('Cancelled');
    await expect.poll(() => waiting.getByTestId('cancel-submission').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('remaining').textContent())
      .toBe('Submissions left today: 2 / 3');
  });

  it('says the same in zh-CN', async () => {
    await language('zh-CN');
    await expect
      .poll(() => page.getByTestId('upload-columns').textContent())
      .toMatch(/^结果文件为 CSV，第一行必须正好是 id,\w+，之后每个测试 id 一行。$/);
    await page.getByRole('button', { name: '下载提交样例' }).waitFor();
    await page.locator('input[name="result"]').setInputFiles({
      name: 'wait-zh.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(await sampleText()),
    });
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await notice('提交成功');
    const waiting = rows().filter({ hasText: 'wait-zh.csv' });
    await expect.poll(() => waiting.getByTestId('queue-place').textContent()).toContain('排队第 1 位');
    await expect
      .poll(() => waiting.getByTestId('queue-estimate').textContent())
      .toMatch(/^预计 .+ 开始，.+ 完成$/);
    await shot('queue-zh-CN');
    await waiting.getByRole('button', { name: '取消 wait-zh.csv' }).click();
    await notice('已取消，本次提交次数已退回');
    await expect.poll(() => waiting.getByTestId('submission-status').textContent()).toBe('已取消');
    await expect.poll(() => page.getByTestId('remaining').textContent()).toBe('今日剩余提交次数：2 / 3');
    expect(consoleErrors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
  });

  async function fetchMine() {
    const response = await fetch(`${origin}/api/submission/mine?competitionId=${competitionId}`, {
      headers: { cookie: await sessionCookie() },
    });
    return ((await response.json()) as { data: { submissionId: string }[] }).data;
  }

  async function sampleText() {
    const response = await fetch(`${origin}/api/submission/sample?competitionId=${competitionId}`, {
      headers: { cookie: await sessionCookie() },
    });
    return response.text();
  }
});
