import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { competition as C, scoring, scoringCodes } from '@sais/events';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAppBuilt } from '../../infra/test/apps.ts';
import { browserWaitMs, launchChromium } from './support/browser';
import { type Mailbox, startMailbox } from './support/mailbox';
import { type RunningPlatform, startPlatform } from './support/platform';

const shots = fileURLToPath(new URL('../../docs/portal/', import.meta.url));
const day = 86_400_000;
const ids = Array.from({ length: 40 }, (_, i) => `m${i}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5}`).join('\n')}\n`;
/** Off by 0.97 on every id: RMSE 0.97, shown as 1 under a Ladder of step 0.1. */
const mine = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5 + 0.97}`).join('\n')}\n`;

/**
 * Decision 0045 in Chromium against the real platform (the run's mode): the public board of a phase
 * with the Ladder on says so, in both languages, and shows the rounded score; my submissions say
 * "scored" without a number; a blind phase's board is a note, not a board.
 */
describe('the Ladder and blind phases in the portal', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let page: Page;
  let origin: string;
  let competitionId: string;
  const stamp = Date.now() % 1_000_000;
  const consoleErrors: string[] = [];
  let operatorCookie = '';
  let participantCookie = '';

  /** A session (cookie) of someone signed in through the API. */
  async function signIn(username: string, password: string) {
    const response = await fetch(`${origin}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return response.headers.get('set-cookie')!.split(';')[0]!;
  }
  async function call(cookie: string, path: string, body?: unknown | FormData) {
    const response = await fetch(`${origin}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie,
        'accept-language': 'en',
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    return (await response.json()) as { code: number; message: string; data: never };
  }
  async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string) {
    for (let i = 0; i < 300; i++) {
      const value = await probe();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  beforeAll(async () => {
    mailbox = await startMailbox();
    await ensureAppBuilt('web-portal');
    running = await startPlatform(mailbox.url, { SAIS_SEED: 'off' });
    origin = running.origin;
    const db = running.platform.database.db;

    // An operator makes a one-phase competition without prize money (one operator publishes) and sets
    // its ground truth, choosing to publish it after the final results.
    await running.createStaff(`op${stamp}`, 'Operate1234', ['operator']);
    const operator = await signIn(`op${stamp}`, 'Operate1234');
    const created = await call(operator, '/admin/competitions', {
      title: { en: 'Open Yield', 'zh-CN': '公开产率' },
      description: { en: 'Predict the yield', 'zh-CN': '预测产率' },
      type: 'Algorithm',
      bonus: 0,
      season: '2027',
      sponsors: [],
      timeZone: 'Asia/Shanghai',
      teamSizeLimit: 3,
      teamFormingAttempts: 3,
      dailySubmissionLimit: 5,
      teamMergeDeadline: null,
      agreements: [],
      finalResultsApproval: 'one-operator',
      phases: [
        {
          phase: 'preliminary',
          startsAt: new Date(Date.now() - day).toISOString(),
          endsAt: new Date(Date.now() + 30 * day).toISOString(),
        },
      ],
    });
    expect(created.code).toBe(0);
    competitionId = (created.data as { id: string }).id;
    await until(
      () => sql`select 1 from scoring.competitions where competition_id = ${competitionId}`.execute(db),
      (found) => found.rows.length > 0,
      'the competition in scoring',
    );
    const form = new FormData();
    form.set('competitionId', competitionId);
    form.set('metric', 'rmse');
    form.set('publicPercent', '50');
    form.set('revealGroundTruth', 'false');
    form.set('file', new Blob([truth], { type: 'text/csv' }), 'truth.csv');
    expect((await call(operator, '/admin/groundtruth', form)).code).toBe(0);

    // A participant signed up (as the competition service records it) submits their file.
    const username = `ver${stamp}`;
    await running.createStaff(username, 'Verify1234', []);
    const accountId = (
      await sql<{ account_id: string }>`select account_id from identity.account_keys
        where kind = 'username' and value = ${username}`.execute(db)
    ).rows[0]!.account_id;
    await db.transaction().execute(async (trx) => {
      await sql`insert into competition.registrations (competition_id, account_id, signed_up_at)
        values (${competitionId}, ${accountId}, now())`.execute(trx);
      await running.platform.stores.get('competition')!.append(
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
    const participant = await signIn(username, 'Verify1234');
    await until(
      () =>
        fetch(`${origin}/api/submission/sample?competitionId=${competitionId}`, {
          headers: { cookie: participant },
        }),
      (response) => response.status === 200,
      'the sign-up in scoring',
    );
    const upload = new FormData();
    upload.set('competitionId', competitionId);
    upload.set('file', new Blob([mine], { type: 'text/csv' }), 'mine.csv');
    expect((await call(participant, '/submission/upload', upload)).code).toBe(0);
    await until(
      () => call(participant, `/submission/mine?competitionId=${competitionId}`),
      (answer) => (answer.data as { status: string }[])[0]?.status === 'Completed',
      'the submission scored',
    );

    // The operator turns the Ladder on (step 0.1) for the phase.
    operatorCookie = operator;
    participantCookie = participant;
    expect(
      (
        await call(operator, '/admin/leaderboard/options', {
          competitionId,
          phase: 'preliminary',
          ladderStep: 0.1,
          blind: false,
          reason: 'no probing',
        } satisfies scoring.requests.BoardOptionsBody)
      ).code,
    ).toBe(0);
    await until(
      () => call(participant, `/leaderboard/public?competitionId=${competitionId}`),
      (answer) => (answer.data as { options?: { ladderStep: number | null } })?.options?.ladderStep === 0.1,
      'the Ladder on the board',
    );

    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    context.setDefaultTimeout(browserWaitMs);
    const [name, value] = participant.split('=') as [string, string];
    await context.addCookies([{ name, value, url: origin }]);
    page = await context.newPage();
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  const language = async (code: 'en' | 'zh-CN') => {
    await page.evaluate((value) => localStorage.setItem('language', value), code);
    await page.reload();
  };

  it('says on the public board that the Ladder is on, with its step, in both languages', async () => {
    await page.goto(`${origin}/competitionDetail/${competitionId}/leaderboard`);
    await language('zh-CN');
    const note = page.getByTestId('leaderboard-ladder');
    await expect.poll(() => note.textContent(), { timeout: 30_000 }).toBe(scoring.ladderText('zh-CN', 0.1));
    // The honest 0.97 shows as 1 (rounded away from better).
    await expect(page.getByRole('row').nth(1).textContent()).resolves.toContain('1');
    await page.screenshot({ path: join(shots, 'leaderboard-ladder-zh-CN.png'), fullPage: true });
    await language('en');
    await expect.poll(() => note.textContent(), { timeout: 30_000 }).toBe(scoring.ladderText('en', 0.1));
    await page.screenshot({ path: join(shots, 'leaderboard-ladder-en.png'), fullPage: true });
    // My submissions: "scored", no number.
    await page.goto(`${origin}/competitionDetail/${competitionId}/mySubmissions`);
    await expect
      .poll(() => page.getByTestId('submission-score').first().textContent(), { timeout: 30_000 })
      .toBe('scored (see the leaderboard)');
  });

  it('shows a blind phase’s board as a note, to the participant', async () => {
    const set = await call(operatorCookie, '/admin/leaderboard/options', {
      competitionId,
      phase: 'preliminary',
      ladderStep: 0.1,
      blind: true,
      reason: 'a blind phase',
    } satisfies scoring.requests.BoardOptionsBody);
    expect(set.code).toBe(0);
    await until(
      () => call(participantCookie, `/leaderboard/public?competitionId=${competitionId}`),
      (answer) => answer.code === scoringCodes.publicBoardBlind,
      'the board blind',
    );
    await page.goto(`${origin}/competitionDetail/${competitionId}/leaderboard`);
    await language('en');
    await expect
      .poll(() => page.getByTestId('leaderboard-blind').first().textContent(), { timeout: 30_000 })
      .toMatch(/^This phase is blind/);
    await page.screenshot({ path: join(shots, 'leaderboard-blind-en.png'), fullPage: true });
    // The blind board's 403 is the browser's one console line (the page handles the answer).
    expect(consoleErrors.filter((text) => !text.includes('403'))).toEqual([]);
  });
});
