import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { buildForProduction } from './support/productionBuild';
import { type ConsoleServer, startConsoleServer } from './support/consoleServer';

const consoleRoot = fileURLToPath(new URL('..', import.meta.url));

/** A built chunk's name without its hash (`/console/assets/VerifyPage-AbCd12_-.js` → `VerifyPage`). */
const chunkName = (url: string) =>
  /\/console\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1] ?? null;

/** The chunks a page asks for (module scripts and their preloads), by name, in order. */
function recordChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const name = chunkName(request.url());
    if (name) chunks.push(name);
  });
  return chunks;
}

describe('the built console in a real browser', () => {
  let outDir: string;
  let server: ConsoleServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'sais-console-'));
    await buildForProduction(consoleRoot, outDir);
    server = await startConsoleServer(outDir);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    server.user = null;
    server.lists = {};
    server.apiCalls.length = 0;
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    return () => context.close();
  });

  it('sends a signed-out visitor to the portal login, coming back to the same console page', async () => {
    await page.goto(`${server.origin}/console/#/review`);
    await page.waitForURL(`${server.origin}/login?redirect=${encodeURIComponent('/console/#/review')}`);
  });

  it('shows the dashboard with the roles from /user/detail, in zh-CN by default', async () => {
    server.user = { nickname: 'Ada', roles: ['reviewer', 'auditor'] };
    await page.goto(`${server.origin}/console/`);
    const roles = page.getByTestId('roles');
    await roles.waitFor();
    await expect.poll(() => roles.textContent()).toBe('你的角色审核员审计员');
    await expect(page.title()).resolves.toBe('运营控制台');
    expect(server.apiCalls).toContain('GET /api/user/detail zh-CN');
  });

  it('follows the language chosen in the portal and stores a switch made here', async () => {
    server.user = { nickname: 'Ada', roles: ['reviewer'] };
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('language', 'en');
        sessionStorage.setItem('seeded', 'yes');
      }
    });
    await page.goto(`${server.origin}/console/`);
    await page.getByRole('heading', { name: 'Welcome to the operations console' }).waitFor();
    await expect.poll(() => page.getByTestId('menu-review').textContent()).toBe('Identity review');
    expect(server.apiCalls).toContain('GET /api/user/detail en');

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByRole('heading', { name: '欢迎使用运营控制台' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('zh-CN');

    await page.reload();
    await page.getByRole('heading', { name: '欢迎使用运营控制台' }).waitFor();
    await expect.poll(() => page.getByTestId('menu-review').textContent()).toBe('实名审核');
  });

  it('loads the code of each page when first shown: the landing list brings no audit, integrity or editing page', async () => {
    server.user = { nickname: 'Ada', roles: ['operator', 'auditor'] };
    server.lists.competitions = [
      {
        id: 'c-1',
        title: { en: 'Lazy cup', 'zh-CN': '按需杯' },
        slug: 'lazy-cup',
        type: 'Algorithm',
        season: '2026',
        status: 'Active',
        currentPhase: null,
        bonus: 0,
      },
    ];
    const chunks = recordChunks(page);
    await page.goto(`${server.origin}/console/#/competitions`);
    await page.getByRole('cell', { name: '按需杯' }).waitFor();
    expect(chunks).toContain('CompetitionList');
    // Pages not visited (and the Markdown parser only the competition editing page uses) stay on the server.
    const elsewhere = [
      'VerifyPage',
      'StreamHistory',
      'EventList',
      'StaffActivityPage',
      'SealPage',
      'AsOfPage',
      'SignalList',
      'LeaderboardsPage',
      'SubmissionList',
      'CompetitionEdit',
      'markdown',
    ];
    expect(chunks.filter((name) => elsewhere.includes(name))).toEqual([]);

    await page.getByTestId('menu-audit-verify').click();
    await page.getByTestId('verify-run').waitFor();
    expect(chunks).toContain('VerifyPage');
    expect(chunks.filter((name) => elsewhere.includes(name) && name !== 'VerifyPage')).toEqual([]);
  });

  it('reloads once when a page’s chunk is gone after a deploy, then shows the page', async () => {
    server.user = { nickname: 'Ada', roles: ['auditor'] };
    await page.goto(`${server.origin}/console/#/`);
    await page.getByTestId('menu-audit-verify').waitFor();
    // The tab was opened before a deploy: the first ask for the page's chunk finds it gone.
    let asked = 0;
    await page.route(/\/assets\/VerifyPage-[\w-]{8}\.js$/, async (route) => {
      asked += 1;
      if (asked === 1) await route.fulfill({ status: 404, body: 'gone' });
      else await route.continue();
    });
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.getByTestId('menu-audit-verify').click();
    await page.getByTestId('verify-run').waitFor();
    expect(asked).toBe(2);
    expect(loads).toEqual([`${server.origin}/console/#/audit/verify`]);
    // Another page's chunk gone within the minute is no stale tab (the first reload fetched the new
    // build): no second reload, react-admin's error page instead of a reload loop.
    await page.route(/\/assets\/ReadModelsPage-[\w-]{8}\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    await page.getByTestId('menu-audit-read-models').click();
    await page.locator('.RaError, [class*="RaError"]').first().waitFor();
    expect(loads).toHaveLength(1);
  });

  it.each([
    ['zh-CN', '加载中'],
    ['en', 'Loading'],
  ])(
    'shows the loading look of the console (%s) while the chunk of a page is on its way',
    async (language, text) => {
      server.user = { nickname: 'Ada', roles: ['auditor'] };
      await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/VerifyPage-[\w-]{8}\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.origin}/console/#/audit/verify`);
      // react-admin's <Loading /> (the layout's Suspense fallback) beside the menu, after its first second.
      const content = page.locator('#main-content');
      await content.getByText(text, { exact: true }).waitFor();
      await expect(content.getByRole('progressbar').count()).resolves.toBe(1);
      await expect(page.getByTestId('menu-audit-verify').count()).resolves.toBe(1);
      await expect(page.getByTestId('verify-run').count()).resolves.toBe(0);
      release();
      await page.getByTestId('verify-run').waitFor();
      await expect(content.getByRole('progressbar').count()).resolves.toBe(0);
    },
  );
});
