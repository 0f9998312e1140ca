import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { boardOrderText } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserWaitMs, launchChromium } from './support/browser';
import { englishOn } from './support/english';
import type { Mailbox } from './support/mailbox';
import { contextCaller, registerInContext, verifyInContext } from './support/participant';
import { type RunningPlatform, apiCaller, startPortal } from './support/platform';

const screenshots = join('/tmp', 'sais-portal-screenshots');

/**
 * Issue 21's participant pages in the built portal, served by the real platform: not-found and the
 * server's reasons, the competitions page, one name per track.
 */
describe('the participant pages of issue 21', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  const stamp = 100_000 + (Date.now() % 900_000);
  const reviewer = { username: `rev${stamp}`, password: 'Review1234' };
  const operatorAccount = { username: `op${stamp}`, password: 'Operate1234' };
  /** The competition the scored participant (`sco…`) signs up for and submits to. */
  let competitionId = '';
  /** That participant's browser, signed in. */
  let scorer: Page;

  const notice = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();
  const shot = (name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
  const chooseLanguage = async (name: 'English' | '简体中文') => {
    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name }).click();
  };

  beforeAll(async () => {
    ({ mailbox, running, origin } = await startPortal());
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(browserWaitMs);
    page = await context.newPage();
    await mkdir(screenshots, { recursive: true });
    await running.createStaff(reviewer.username, reviewer.password, ['reviewer']);
    await running.createStaff(operatorAccount.username, operatorAccount.password, ['operator']);
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  it('shows a not-found page with a way back for an unknown competition, in both languages', async () => {
    await page.goto(`${origin}/competitionDetail/${randomUUID()}/format`);
    const notFound = page.getByTestId('competition-not-found');
    await notFound.getByRole('heading', { level: 1, name: '未找到该比赛' }).waitFor();
    await notFound.getByText('该比赛不存在').waitFor();
    // The page answers it: no error notice on top.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: '请求' }).count()).toBe(0);

    await page.goto(`${origin}/competitionDetail/not-an-id/leaderboard`);
    await notFound.getByRole('heading', { level: 1, name: '未找到该比赛' }).waitFor();
    await chooseLanguage('English');
    await notFound.getByRole('heading', { level: 1, name: 'Competition not found' }).waitFor();
    await notFound.getByText('This competition does not exist').waitFor();
    await notFound.getByRole('link', { name: 'Back to competitions' }).click();
    await page.waitForURL(`${origin}/competitions`);
    await chooseLanguage('简体中文');
  });

  it('has a competitions page in the top bar with search, filters and cards', async () => {
    await page.goto(`${origin}/intro`);
    await page.getByTestId('top-bar').getByRole('link', { name: '比赛' }).click();
    await page.waitForURL(`${origin}/competitions`);
    await page.getByRole('heading', { level: 1, name: '比赛' }).waitFor();
    const cards = page.getByTestId('competition-card');
    await expect.poll(() => cards.count()).toBe(5);
    const first = cards.filter({ hasText: '催化反应产率预测' });
    await expect.poll(() => first.getByTestId('card-track').textContent()).toBe('物质科学');
    await expect
      .poll(() => first.getByTestId('card-prize').textContent())
      .toBe('奖金 200,000 元 · 2027 赛季');
    // The seeded schedule starts in February 2027: "报名 N天后开始".
    await expect.poll(() => first.getByTestId('card-time-left').textContent()).toMatch(/^报名\d+天后开始$/);
    await shot('competitions-zh-CN');

    await page.getByTestId('competition-search').getByRole('searchbox').fill('降水');
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => cards.first().textContent()).toContain('地球科学：未来三天极端降水预报');
    await page.waitForURL(`${origin}/competitions?search=%E9%99%8D%E6%B0%B4`);
    await page.getByTestId('competition-search').getByRole('searchbox').fill('');
    await expect.poll(() => cards.count()).toBe(5);

    await page.getByTestId('type-filter').click();
    await page.getByRole('option', { name: '学术研究' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: '未开始' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: '已结束' }).click();
    await page.getByText('没有符合条件的比赛。').waitFor();

    await page.goto(`${origin}/competitions`);
    await chooseLanguage('English');
    await page.getByRole('heading', { level: 1, name: 'Competitions' }).waitFor();
    await page.getByTestId('competition-search').getByRole('searchbox').fill('catalytic yield');
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => cards.first().getByTestId('card-track').textContent()).toBe('Physical science');
    await expect
      .poll(() => cards.first().getByTestId('card-time-left').textContent())
      .toMatch(/^Registration starts in \d+ days$/);
    await page.getByTestId('competition-search').getByRole('searchbox').fill('');
    await expect.poll(() => cards.count()).toBe(5);
    await shot('competitions-en');
    await chooseLanguage('简体中文');
  });

  it('links each home track card to its competition, under one name', async () => {
    await page.goto(`${origin}/`);
    const tracks = page.getByTestId('track-card');
    await expect.poll(() => tracks.count()).toBe(5);
    for (let index = 0; index < 5; index += 1) {
      const card = tracks.nth(index);
      await expect.poll(() => card.getByRole('link').getAttribute('href')).toMatch(/^\/competitionDetail\//);
      const [field, task] = await Promise.all([
        card.locator('span').first().textContent(),
        card.getByRole('heading').textContent(),
      ]);
      await card.getByRole('link').click();
      await page.waitForURL(/\/competitionDetail\/[0-9a-f-]+\/format$/);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(`${field}：${task}`);
      await page.goBack();
    }
    await expect.poll(() => tracks.first().textContent()).toBe('物质科学催化反应产率预测');
  });

  it('shows the server’s reason when a download is refused, and asks for verification before the agreements', async () => {
    // The seeded tracks' registration opens in 2027 (the cards above say so); these pages sign up now.
    await running.openRegistration();
    await registerInContext(context, origin, mailbox, `par${stamp}`);
    const call = contextCaller(context, origin);
    const { records } = await call<{ records: { competitionId: string }[] }>('/race/list?season=2027');
    const competitionId = records[0]!.competitionId;

    await page.goto(`${origin}/competitionDetail/${competitionId}/competitionData`);
    await page.getByRole('button', { name: '下载 README.md' }).click();
    await notice('请先报名参赛');
    await chooseLanguage('English');
    await page.getByRole('button', { name: 'Download README.md' }).click();
    await notice('Please sign up for the competition first');

    await page.goto(`${origin}/competitionDetail/${competitionId}/format`);
    await page.getByTestId('sign-up').click();
    const modal = page.getByRole('dialog', { name: 'Real-name authentication required' });
    await modal.getByText('Please complete real-name authentication first').waitFor();
    await expect.poll(() => page.getByRole('dialog', { name: 'Competition agreements' }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Cancel' }).click();

    // A wrong current password: the common error notice (spec §8), in the chosen language.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill('wrongpass1');
    await dialog.getByLabel('New password', { exact: true }).fill('newpass123');
    await dialog.getByLabel('New password again').fill('newpass123');
    await dialog.getByRole('button', { name: 'OK' }).click();
    // The open modal hides the rest of the page from the accessibility tree, so look for the notice by its role attribute.
    await page.locator('[role="alert"]', { hasText: 'The current password is wrong' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await chooseLanguage('简体中文');
  });

  it('charts every scored submission with the best so far, the rank and the metric’s direction', async () => {
    // The viewer lives in New York: competition times stay in Beijing time, their own on hover.
    const scorerContext = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      timezoneId: 'America/New_York',
    });
    scorerContext.setDefaultTimeout(browserWaitMs);
    scorer = await scorerContext.newPage();
    await registerInContext(scorerContext, origin, mailbox, `sco${stamp}`);
    await verifyInContext(scorerContext, origin, '王五', reviewer);
    const call = contextCaller(scorerContext, origin);
    const { records } = await call<{ records: { competitionId: string }[] }>('/race/list?season=2027');
    competitionId = records[0]!.competitionId;
    await expect
      .poll(async () => {
        const response = await scorerContext.request.post(`${origin}/api/race/signUp`, {
          data: { competitionId, agreements: ['rules-2027'] },
        });
        return ((await response.json()) as { code: number }).code;
      })
      .toBe(0);
    const operator = apiCaller(origin);
    await operator('POST', '/user/login', operatorAccount);
    await operator('POST', `/admin/competitions/${competitionId}/phases/preliminary/open`, {});

    const files = await call<{ fileId: string; name: string }[]>(
      `/race/files?competitionId=${competitionId}`,
    );
    const sample = files.find((file) => file.name === 'sample_submission.csv')!;
    const csv = (
      await (await scorerContext.request.get(`${origin}/api/race/download?fileId=${sample.fileId}`)).text()
    )
      .trim()
      .split('\n');
    // The sample, then the sample with every value moved by 30: two scores, one better than the other.
    const shifted = [
      csv[0],
      ...csv.slice(1).map((line) => {
        const [id, value] = line.split(',');
        return `${id},${Number(value) + 30}`;
      }),
    ].join('\n');
    // The scoring service hears of the opened phase through the event stream: try until it has.
    const upload = (name: string, text: string) =>
      scorerContext.request
        .post(`${origin}/api/submission/upload`, {
          multipart: {
            competitionId,
            file: { name, mimeType: 'text/csv', buffer: Buffer.from(`${text}\n`) },
          },
        })
        .then(async (response) => ((await response.json()) as { code: number }).code);
    await expect.poll(() => upload('first.csv', csv.join('\n')), { timeout: 15_000 }).toBe(0);
    await expect(upload('second.csv', shifted)).resolves.toBe(0);
    await expect
      .poll(
        async () =>
          (await call<{ status: string }[]>(`/submission/mine?competitionId=${competitionId}`)).filter(
            (submission) => submission.status === 'Completed',
          ).length,
        { timeout: 60_000 },
      )
      .toBe(2);

    await scorer.goto(`${origin}/competitionDetail/${competitionId}/myScore`);
    const chart = scorer.getByTestId('score-chart');
    await expect.poll(() => chart.getAttribute('data-points')).toBe('2');
    // One mark per scored submission (the best-so-far line has none).
    await expect.poll(() => chart.locator('.MuiLineChart-mark').count()).toBe(2);
    await expect
      .poll(() => scorer.getByTestId('chart-summary').textContent())
      .toBe('当前排名：第 1 名（共 1 支队伍） · R²（决定系数）：越高越好');
    await expect.poll(() => scorer.getByTestId('chart-zone').textContent()).toBe('日期为北京时间');
    await chart.getByText('历史最佳').first().waitFor();
    await scorer.screenshot({ path: join(screenshots, 'score-chart-zh-CN.png'), fullPage: true });

    await scorer.getByTestId('language-selector').click();
    await scorer.getByRole('option', { name: 'English' }).click();
    await expect
      .poll(() => scorer.getByTestId('chart-summary').textContent())
      .toBe('Current rank: 1 of 1 · R²: higher is better');
    await expect
      .poll(() => scorer.getByTestId('chart-zone').textContent())
      .toBe('Dates in China Standard Time');
    await chart.getByText('Best so far').first().waitFor();
    await scorer.getByRole('listbox').waitFor({ state: 'hidden' });
    await scorer.screenshot({ path: join(screenshots, 'score-chart-en.png'), fullPage: true });
    await scorer.getByTestId('language-selector').click();
    await scorer.getByRole('option', { name: '简体中文' }).click();
  });

  it('marks the reader’s own row on a long board, one click away, with the order in words; the page stays shared', async () => {
    // 45 teams above the scorer, written into the board's read models as the leaderboard benchmark
    // writes them (a long board without 45 sign-ups); the scorer's own row came through the pipeline.
    const db = running.platform.database.db;
    const own = await sql<{ team_id: string; best_score: number; metric: string }>`
      select team_id, best_score, metric from scoring.leaderboard where competition_id = ${competitionId}`.execute(
      db,
    );
    expect(own.rows).toHaveLength(1);
    const { team_id: mine, best_score: best, metric } = own.rows[0]!;
    const seeded = Array.from({ length: 45 }, () => randomUUID());
    await sql`insert into scoring.people (account_id, username, organization)
      select t::uuid, 'team' || lpad(n::text, 2, '0'), 'University ' || (n % 7)
      from unnest(${seeded}::text[]) with ordinality as s(t, n)`.execute(db);
    await sql`insert into scoring.leaderboard (competition_id, phase, team_id, metric, best_score, submission_id, submitted_at)
      select ${competitionId}::uuid, 'preliminary', t, ${metric}, ${best} + (46 - n) * 0.001, gen_random_uuid(),
        now() - n * interval '1 hour'
      from unnest(${seeded}::text[]) with ordinality as s(t, n)`.execute(db);
    // Each seeded team's entries: its best and two more (1 + n % 3 in all), the last an hour after the best.
    await sql`insert into scoring.board_submissions (submission_id, competition_id, phase, team_id, submitted_at, metric, public_score)
      select gen_random_uuid(), ${competitionId}::uuid, 'preliminary', t, now() - n * interval '1 hour' + k * interval '30 minutes',
        ${metric}, ${best}
      from unnest(${seeded}::text[]) with ordinality as s(t, n), generate_series(0, (n % 3)::int) k`.execute(
      db,
    );
    await sql`update scoring.board_versions set version = version + 1 where competition_id = ${competitionId}`.execute(
      db,
    );
    try {
      await scorer.setViewportSize({ width: 1366, height: 900 });
      await scorer.goto(`${origin}/competitionDetail/${competitionId}/leaderboard`);
      await expect
        .poll(() => scorer.getByTestId('leaderboard-order').textContent())
        .toBe(boardOrderText('zh-CN', true));
      const jump = scorer.getByTestId('leaderboard-my-row');
      await expect.poll(() => jump.textContent()).toBe('跳到我的排名（第 46 名）');
      await expect.poll(() => scorer.locator('[data-mine]').count()).toBe(0); // on page 3 of 20 rows
      await expect.poll(() => scorer.getByRole('columnheader', { name: '提交次数' }).count()).toBe(1);
      await jump.click();
      const row = scorer.locator('[data-mine]');
      await row.waitFor();
      await expect.poll(() => row.getByRole('cell').first().textContent()).toBe('46');
      await expect.poll(() => row.textContent()).toContain('你的队伍');
      await expect.poll(() => row.getByTestId('leaderboard-entries').textContent()).toBe('2');
      // Scrolled into view: its box lies within the window.
      const box = (await row.boundingBox())!;
      const height = await scorer.evaluate(() => window.innerHeight);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      await scorer.screenshot({ path: join(screenshots, 'leaderboard-own-row-zh-CN.png') });

      // The public page the browser reads is the one everyone gets: same body, same entity tag.
      const path = `/api/leaderboard/public?competitionId=${competitionId}&page=3&pageSize=20`;
      const signedIn = await scorer.context().request.get(`${origin}${path}`);
      // The same codings as the browser accepts: each coding has its own tag (the bytes differ).
      const visitor = await fetch(`${origin}${path}`, {
        headers: { 'accept-language': 'zh-CN', 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(signedIn.headers().etag).toBeTruthy();
      expect(visitor.headers.get('etag')).toBe(signedIn.headers().etag);
      const body = await visitor.text();
      expect(body).toBe(await signedIn.text());
      expect(body).toContain(`"teamId":"${mine}"`); // the row is there, marked by no one but the browser

      await scorer.getByTestId('language-selector').click();
      await scorer.getByRole('option', { name: 'English' }).click();
      await expect
        .poll(() => scorer.getByTestId('leaderboard-order').textContent())
        .toBe(boardOrderText('en', true));
      await scorer.getByTestId('leaderboard-my-row').click();
      await scorer.locator('[data-mine]').waitFor();
      await scorer.screenshot({ path: join(screenshots, 'leaderboard-own-row-en.png') });
      await scorer.getByTestId('language-selector').click();
      await scorer.getByRole('option', { name: '简体中文' }).click();
    } finally {
      for (const table of ['leaderboard', 'board_submissions'])
        await sql`delete from ${sql.table(`scoring.${table}`)}
          where competition_id = ${competitionId} and team_id = any(${seeded}::text[])`.execute(db);
      await sql`delete from scoring.people where account_id = any(${seeded}::uuid[])`.execute(db);
      await sql`update scoring.board_versions set version = version + 1 where competition_id = ${competitionId}`.execute(
        db,
      );
      await scorer.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('shows the unread count in the top bar’s avatar menu, with the inbox a click away, following reading', async () => {
    // The scored participant has the verification decision and two scoring results in the inbox.
    await scorer.goto(`${origin}/competitions`);
    const badge = scorer.getByTestId('top-unread-badge');
    await expect.poll(() => badge.getAttribute('data-unread')).toBe('3');
    await expect.poll(() => badge.locator('.MuiBadge-badge').textContent()).toBe('3');
    await scorer.getByRole('button', { name: '账号菜单' }).click();
    const inbox = scorer.getByRole('menuitem', { name: /^消息/ });
    await expect.poll(() => inbox.getByTestId('menu-unread').textContent()).toBe('3');
    await inbox.click();
    await scorer.waitForURL(`${origin}/user/myMsg`);
    await scorer.getByTestId('message-list').getByRole('button').first().click();
    await scorer.getByTestId('message-content').waitFor();
    await scorer.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => badge.getAttribute('data-unread')).toBe('2');

    await scorer.getByTestId('language-selector').click();
    await scorer.getByRole('option', { name: 'English' }).click();
    await scorer.getByRole('button', { name: 'Account menu' }).click();
    await expect(
      scorer
        .getByRole('menuitem', { name: /^Messages/ })
        .getByTestId('menu-unread')
        .textContent(),
    ).resolves.toBe('2');
    await scorer.keyboard.press('Escape');
    for (const index of [0, 1]) {
      await scorer
        .getByTestId('message-list')
        .getByRole('button')
        .nth(index + 1)
        .click();
      await scorer.getByTestId('message-content').waitFor();
      await scorer.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    }
    await expect.poll(() => badge.getAttribute('data-unread')).toBe('0');
    await expect.poll(() => badge.locator('.MuiBadge-invisible').count()).toBe(1);
    await scorer.getByTestId('language-selector').click();
    await scorer.getByRole('option', { name: '简体中文' }).click();
  });

  it('shows every time in one zone named in words, the viewer’s own on hover, and a phase opened early from its real start', async () => {
    await scorer.goto(`${origin}/competitionDetail/${competitionId}/format`);
    await expect
      .poll(() => scorer.getByTestId('phases-zone').textContent())
      .toBe('时间均为北京时间；将鼠标悬停在时间上可查看您的当地时间。');
    await expect.poll(() => scorer.locator('body').textContent()).not.toContain('Asia/Shanghai');
    // The operator opened the preliminary phase today, months before its scheduled March 2027 start.
    const preliminary = scorer.getByTestId('phase-preliminary');
    await expect
      .poll(() => preliminary.getByTestId('opened-early').textContent())
      .toMatch(/^主办方已提前开放（原定 2027年3月24日 00:00 GMT\+8）$/);
    const start = preliminary.getByTestId('zoned-time').first();
    // Each time names its zone in it (decision 0034).
    await expect.poll(() => start.textContent()).toMatch(/^2026年.+ GMT\+8$/);
    await start.hover();
    await expect
      .poll(() => scorer.getByRole('tooltip').textContent())
      .toMatch(/^北京时间 · 您的时间：2026年.+（北美东部时间）$/);

    // The same submission reads the same in my submissions, on the leaderboard and in the inbox.
    await scorer.goto(`${origin}/competitionDetail/${competitionId}/mySubmissions`);
    const second = scorer.getByTestId('submission-row').filter({ hasText: 'second.csv' });
    const submittedText = await second.getByTestId('zoned-time').textContent();
    await scorer.goto(`${origin}/competitionDetail/${competitionId}/leaderboard`);
    await expect(
      // The best submission's time (the row's first time; the second is its last entry).
      scorer.getByTestId('leaderboard-row').first().getByTestId('zoned-time').first().textContent(),
    ).resolves.toBe(submittedText);
    const inbox = await contextCaller(
      scorer.context(),
      origin,
    )<{ records: { title: string; sendTime: string }[] }>('/notify/page?page=1&pageSize=10');
    const beijing = (iso: string) =>
      scorer.evaluate(
        (value) =>
          new Intl.DateTimeFormat('zh-CN', {
            dateStyle: 'medium',
            timeStyle: 'short',
            timeZone: 'Asia/Shanghai',
          }).format(new Date(value)) + ' GMT+8',
        iso,
      );
    await expect
      .poll(() => scorer.getByTestId('zone-note').textContent())
      .toBe('时间均为北京时间；将鼠标悬停在时间上可查看您的当地时间。');
    await scorer.goto(`${origin}/user/myMsg`);
    await expect
      .poll(() => scorer.getByTestId('zone-note').textContent())
      .toBe('时间均为北京时间；将鼠标悬停在时间上可查看您的当地时间。');
    const times = scorer.getByTestId('message-list').getByTestId('zoned-time');
    await expect.poll(() => times.count()).toBe(inbox.records.length);
    for (const [index, record] of inbox.records.entries())
      await expect.poll(() => times.nth(index).textContent()).toBe(await beijing(record.sendTime));

    await scorer.goto(`${origin}/competitionDetail/${competitionId}/format`);
    await scorer.getByTestId('language-selector').click();
    await scorer.getByRole('option', { name: 'English' }).click();
    await expect
      .poll(() => scorer.getByTestId('phases-zone').textContent())
      .toBe('Times in China Standard Time; hover a time for yours.');
    await expect
      .poll(() => preliminary.getByTestId('opened-early').textContent())
      .toBe('Opened early by the organisers (scheduled Mar 24, 2027, 12:00 AM GMT+8)');
    await scorer.getByTestId('language-selector').click();
    await scorer.getByRole('option', { name: '简体中文' }).click();
  });

  it('shows an Invalid submission’s log in the reader’s language, in my submissions and in the inbox', async () => {
    const scorerContext = scorer.context();
    const call = contextCaller(scorerContext, origin);
    const files = await call<{ fileId: string; name: string }[]>(
      `/race/files?competitionId=${competitionId}`,
    );
    const sample = files.find((file) => file.name === 'sample_submission.csv')!;
    const lines = (
      await (await scorerContext.request.get(`${origin}/api/race/download?fileId=${sample.fileId}`)).text()
    )
      .trim()
      .split('\n');
    // The sample with its first row twice: line 3 repeats an id, and the scorer refuses the file.
    const twice = [lines[0], lines[1], ...lines.slice(1)].join('\n');
    const id = lines[1]!.split(',')[0]!;
    const uploaded = await scorerContext.request.post(`${origin}/api/submission/upload`, {
      multipart: {
        competitionId,
        file: { name: 'twice.csv', mimeType: 'text/csv', buffer: Buffer.from(`${twice}\n`) },
      },
    });
    expect(((await uploaded.json()) as { code: number }).code).toBe(0);
    await expect
      .poll(
        async () =>
          (
            await call<{ fileName: string; status: string }[]>(
              `/submission/mine?competitionId=${competitionId}`,
            )
          ).find((submission) => submission.fileName === 'twice.csv')?.status,
        { timeout: 60_000 },
      )
      .toBe('Invalid');
    const zh = `第 3 行 id 列：“${id}”出现了两次（重复的 id）。`;
    const en = `Line 3, column id: "${id}" appears twice (duplicate id).`;

    await scorer.goto(`${origin}/competitionDetail/${competitionId}/mySubmissions`);
    const log = scorer
      .getByTestId('submission-row')
      .filter({ hasText: 'twice.csv' })
      .getByTestId('submission-log');
    await expect.poll(() => log.textContent()).toBe(zh);
    await scorer.getByRole('columnheader', { name: '未通过评分的原因' }).waitFor();
    await scorer.getByTestId('language-selector').click();
    await scorer.getByRole('option', { name: 'English' }).click();
    // The same log, rendered again at once in the other language.
    await expect.poll(() => log.textContent()).toBe(en);
    await scorer.getByRole('listbox').waitFor({ state: 'hidden' });
    await scorer.screenshot({ path: join(screenshots, 'invalid-log-en.png'), fullPage: true });

    // The scoring message in the inbox, in English, then in Chinese.
    await scorer.goto(`${origin}/user/myMsg`);
    const invalidMessage = () =>
      scorer
        .getByTestId('message-list')
        .getByRole('button')
        .filter({ hasText: /Submission invalid|提交无效/ });
    await invalidMessage().first().click();
    await expect
      .poll(() => scorer.getByTestId('message-content').textContent())
      .toContain(`Submission twice.csv is invalid: ${en}`);
    await scorer.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await scorer.getByRole('dialog').waitFor({ state: 'hidden' });
    await scorer.getByTestId('language-selector').click();
    await scorer.getByRole('option', { name: '简体中文' }).click();
    await scorer.getByRole('listbox').waitFor({ state: 'hidden' });
    await invalidMessage().first().click();
    await expect
      .poll(() => scorer.getByTestId('message-content').textContent())
      .toContain(`提交 twice.csv 无效：${zh}`);
    await scorer.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
    await scorer.getByRole('dialog').waitFor({ state: 'hidden' });
    await scorer.goto(`${origin}/competitionDetail/${competitionId}/mySubmissions`);
    await expect.poll(() => log.textContent()).toBe(zh);
    await scorer.screenshot({ path: join(screenshots, 'invalid-log-zh-CN.png'), fullPage: true });
  });

  it('leaves no untranslated English on any portal page in zh-CN', async () => {
    const base = `${origin}/competitionDetail/${competitionId}`;
    const pages: [string, string][] = [
      ['/', 'track-card'],
      ['/intro', 'transparency-key'],
      ['/competitions', 'competition-card'],
      [`/competitionDetail/${randomUUID()}/format`, 'competition-not-found'],
      [`${base.slice(origin.length)}/format`, 'phases'],
      [`${base.slice(origin.length)}/competitionData`, 'files-dataset'],
      [`${base.slice(origin.length)}/team/buildTeam`, 'attempts-left'],
      [`${base.slice(origin.length)}/team/joinTeam`, 'top-bar'],
      [`${base.slice(origin.length)}/leaderboard`, 'leaderboard-row'],
      [`${base.slice(origin.length)}/mySubmissions`, 'submission-row'],
      [`${base.slice(origin.length)}/codeSubmissions`, 'container-not-offered'],
      [`${base.slice(origin.length)}/myScore`, 'score-chart'],
      ['/user/myInfo', 'profile-form'],
      ['/user/myRace', 'my-races'],
      ['/user/myAuth', 'auth-status'],
      ['/user/myMsg', 'message-list'],
    ];
    const found: Record<string, string[]> = {};
    for (const [path, ready] of pages) {
      await scorer.goto(`${origin}${path}`);
      await scorer.getByTestId(ready).first().waitFor();
      await scorer.waitForLoadState('networkidle');
      const words = await englishOn(scorer);
      if (words.length > 0) found[path] = words;
    }
    // Each message opened: the verification decision and the scoring results (an Invalid one among them).
    await scorer.goto(`${origin}/user/myMsg`);
    const messages = scorer.getByTestId('message-list').getByRole('button');
    for (let index = 0; index < (await messages.count()); index += 1) {
      await messages.nth(index).click();
      await scorer.getByTestId('message-content').waitFor();
      const words = await englishOn(scorer);
      if (words.length > 0) found[`/user/myMsg message ${index + 1}`] = words;
      await scorer.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
      await scorer.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    // Signed out: the sign-in, registration and reset pages.
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const other = await visitor.newPage();
    for (const path of ['/login', '/register', '/forget']) {
      await other.goto(`${origin}${path}`);
      await other.getByRole('heading', { level: 1 }).waitFor();
      const words = await englishOn(other);
      if (words.length > 0) found[path] = words;
    }
    await visitor.close();
    expect(found).toEqual({});
  });
});
