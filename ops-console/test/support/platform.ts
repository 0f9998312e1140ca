import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@sais/events';
import { Accounts } from '@sais/identity';
import type { Platform } from '@sais/kit/platform';
import { freshDatabase } from '@sais/kit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import pino from 'pino';
import { expect } from 'vitest';
import { createAllInOne } from '../../../services/gateway/src/platform.ts';
import { allServices } from '../../../services/gateway/src/services.ts';
import { ensureAppBuilt } from '../../../infra/test/apps.ts';
import { launchChromium } from './browser';

export interface Person {
  username: string;
  userId: string;
  cookie: { name: string; value: string };
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: { code: number; message: string; data: T };
}

export interface ConsolePlatform {
  platform: Platform;
  origin: string;
  browser: Browser;
  /** A platform call as `person` (null = signed out), answers in English. */
  api<T = Record<string, unknown>>(
    person: Person | null,
    path: string,
    init?: RequestInit,
  ): Promise<ApiAnswer<T>>;
  /** An account made the way `npm run admin` makes staff, signed in; no roles = a participant. */
  account(roles: Role[]): Promise<Person>;
  /** A browser context signed in as `person`; `en` sets the console's language to English. */
  browse(person: Person, language?: 'en'): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * Every service in this process on a fresh database (no seed), serving the console built from this
 * tree, and Debian's Chromium: what the console's end-to-end tests run against.
 */
const journals = new WeakMap<Page, string[]>();

/** What a page did (navigations, console messages, errors, failed requests) and its local storage. */
export async function journal(page: Page): Promise<string> {
  const storage = await page
    .evaluate(() => JSON.stringify(localStorage))
    .catch((error: Error) => `(unreadable: ${error.message})`);
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch((error: Error) => `(unreadable: ${error.message})`);
  return [
    `url: ${page.url()}`,
    `localStorage: ${storage}`,
    `text: ${text.replace(/\s+/g, ' ').slice(0, 2_000)}`,
    ...(journals.get(page) ?? []).slice(-80),
  ].join('\n');
}

/**
 * A failing browser test's error with the page's journal in its message (a CI log may keep only the
 * summary of failures at its end), and a screenshot under /tmp.
 */
export async function explained(page: Page, error: unknown, name: string): Promise<unknown> {
  await page
    .screenshot({ path: `/tmp/sais-console-${name}-failed-${Date.now()}.png`, fullPage: true })
    .catch(() => undefined);
  if (!(error instanceof Error)) return error;
  error.message += `\n\nthe page, as the test failed:\n${await journal(page)}`;
  return error;
}

/** `env`: more settings of the platform (a test's run limits, say), beside the fresh database. */
export async function startConsolePlatform(
  name: string,
  env: Record<string, string> = {},
): Promise<ConsolePlatform> {
  await ensureAppBuilt('ops-console');
  const fresh = await freshDatabase(name, { migrated: allServices });
  await fresh.database.close();
  const dataDir = await mkdtemp(join(tmpdir(), `sais-console-${name}-`));
  const platform = await createAllInOne(
    { dataDir, env: { ...env, DATABASE_URL: fresh.url, SAIS_SEED: 'off' } },
    pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  );
  const origin = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  let seq = 0;

  async function api<T>(person: Person | null, path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('accept-language', 'en');
    if (person) headers.set('cookie', `${person.cookie.name}=${person.cookie.value}`);
    const response = await fetch(`${origin}${path}`, { ...init, headers });
    // Every API answer is the { code, message, data } envelope.
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as ApiAnswer<T>['body'],
    };
  }

  async function account(roles: Role[]): Promise<Person> {
    seq += 1;
    const username = `${roles[0] ?? 'part'}${seq}${Date.now() % 100000}`;
    const accounts = new Accounts(
      platform.database.db,
      platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    );
    await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles },
      { actor: { userId: null, role: 'system' }, correlationId: randomUUID(), causationId: null },
    );
    const response = await fetch(`${origin}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Secret1234' }),
    });
    expect(((await response.json()) as { code: number }).code).toBe(0);
    const [cookieName, value] = (response.headers.get('set-cookie') ?? '').split(';')[0]!.split('=') as [
      string,
      string,
    ];
    const person = { username, userId: '', cookie: { name: cookieName, value } };
    const detail = await api<{ userId: string }>(person, '/api/user/detail');
    return { ...person, userId: String(detail.body.data.userId) };
  }

  async function browse(person: Person, language?: 'en') {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies([{ ...person.cookie, url: origin }]);
    if (language) await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    // What the page did, for a failing test to print (see `journal`).
    const lines: string[] = [];
    journals.set(page, lines);
    const note = (line: string) => lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    page.on('console', (message) => note(`console.${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => note(`page error: ${error.message}`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`navigated: ${frame.url()}`);
    });
    // Every API call, with its answer's status and time, so a page that waits on one shows which.
    const started = new WeakMap<object, number>();
    const api = (url: string) => url.includes('/api/');
    page.on('request', (request) => {
      if (!api(request.url())) return;
      started.set(request, Date.now());
      note(`-> ${request.method()} ${request.url()}`);
    });
    page.on('response', (response) => {
      const request = response.request();
      if (!api(request.url()) && response.status() < 400) return;
      const ms = Date.now() - (started.get(request) ?? Date.now());
      note(`<- HTTP ${response.status()} ${request.method()} ${request.url()} (${ms} ms)`);
    });
    page.on('requestfailed', (request) =>
      note(`xx ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
    );
    return { context, page };
  }

  return {
    platform,
    origin,
    browser,
    api,
    account,
    browse,
    async close() {
      await browser.close();
      await platform.close();
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
