import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { buildForProduction } from './support/productionBuild';
import { type StaticServer, startStaticServer } from './support/staticServer';

const portalRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the built portal in a real browser', () => {
  let outDir: string;
  let server: StaticServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'sais-portal-'));
    await buildForProduction(portalRoot, outDir);
    server = await startStaticServer(outDir, { '/console/': '<title>console stand-in</title>' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    return () => context.close();
  });

  const topBar = () => page.getByTestId('top-bar');

  it('sends an unknown path to /intro, in zh-CN by default', async () => {
    await page.goto(`${server.origin}/no/such/page`);
    await page.waitForURL(`${server.origin}/intro`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('平台介绍');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('zh-CN');
  });

  it('switches to English at once and keeps it after a reload', async () => {
    await page.goto(`${server.origin}/`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('第三届世界科学智能大赛');

    await page.getByTestId('language-selector').click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'The Third World AI for Science Prize' }).waitFor();
    await expect.poll(() => topBar().getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('en');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'The Third World AI for Science Prize' }).waitFor();
  });

  it('has Login and Register buttons that carry the current address', async () => {
    await page.goto(`${server.origin}/competitionDetail/7/leaderboard?tab=public`);
    const expected = encodeURIComponent('/competitionDetail/7/leaderboard?tab=public');
    const login = topBar().getByRole('link', { name: '登录' });
    await expect.poll(() => login.getAttribute('href')).toBe(`/login?redirect=${expected}`);
    await expect
      .poll(() => topBar().getByRole('link', { name: '注册' }).getAttribute('href'))
      .toBe(`/register?redirect=${expected}`);

    await login.click();
    await page.waitForURL(`${server.origin}/login?redirect=${expected}`);
    await page.getByRole('heading', { level: 1, name: '登录' }).waitFor();
    await expect.poll(() => topBar().count()).toBe(0);
  });

  it('has a 64px top bar at least 1360px wide', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${server.origin}/intro`);
    const box = await topBar().boundingBox();
    expect(box?.height).toBe(64);
    expect(box?.width).toBeGreaterThanOrEqual(1360);
  });

  it('hands /review over to the console review page', async () => {
    await page.goto(`${server.origin}/review`);
    await page.waitForURL(`${server.origin}/console/#/review`);
  });
});
