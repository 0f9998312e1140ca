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
});
