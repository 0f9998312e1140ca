/**
 * A scored participant in a one-phase competition, set up through the API of a running platform (the
 * portal's browser tests then look at it in Chromium): an operator makes the competition (prize 0, so
 * one operator publishes) and sets its ground truth; a participant, signed up as the competition
 * service records it, uploads a file and waits for its score. `signedInPage` opens the participant's
 * page in Chromium with their cookie; `startScoredPortal` does all of it for a test file, with one
 * `close`.
 */
import { randomUUID } from 'node:crypto';
import { competition as C } from '@sais/events';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { browserWaitMs, launchChromium } from './browser';
import { type RunningPlatform, startPortal } from './platform';
import { until } from '../../../infra/test/until.ts';

const day = 86_400_000;

export interface Answer {
  code: number;
  message: string;
  data: never;
}

/** The API of a running platform, as a browser signed in with a cookie calls it. */
export function apiOf(origin: string) {
  return {
    /** A session (cookie) of someone signed in through the API. */
    async signIn(username: string, password: string) {
      const response = await fetch(`${origin}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      return response.headers.get('set-cookie')!.split(';')[0]!;
    },
    /** GET without a body, POST with one (JSON, or multipart for a FormData). */
    async call(cookie: string, path: string, body?: unknown | FormData): Promise<Answer> {
      const response = await fetch(`${origin}/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          cookie,
          'accept-language': 'en',
          ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
      return (await response.json()) as Answer;
    },
  };
}

export { until };

export interface ScoredParticipant {
  competitionId: string;
  /** The operator's and the participant's session cookies. */
  operator: string;
  participant: string;
}

interface ScoredParticipantOptions {
  stamp: number;
  metric: string;
  revealGroundTruth: boolean;
  truth: string;
  mine: string;
  /** Secondary metrics, comma-separated (decision 0046). */
  secondaryMetrics?: string;
}

/**
 * The competition, its ground truth (`truth` scored by `metric`, published after the final results or
 * not) and one participant whose file `mine` is scored (status Completed). `stamp` makes the usernames
 * unique on the platform.
 */
async function scoredParticipant(
  running: RunningPlatform,
  options: ScoredParticipantOptions,
): Promise<ScoredParticipant> {
  const { stamp } = options;
  const { signIn, call } = apiOf(running.origin);
  const db = running.platform.database.db;

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
  if (created.code !== 0) throw new Error(`the competition was refused: ${created.message}`);
  const competitionId = (created.data as { id: string }).id;
  await until(
    () => sql`select 1 from scoring.competitions where competition_id = ${competitionId}`.execute(db),
    (found) => found.rows.length > 0,
    'the competition in scoring',
  );
  const form = new FormData();
  form.set('competitionId', competitionId);
  form.set('metric', options.metric);
  form.set('publicPercent', '50');
  form.set('revealGroundTruth', String(options.revealGroundTruth));
  if (options.secondaryMetrics) form.set('secondaryMetrics', options.secondaryMetrics);
  form.set('file', new Blob([options.truth], { type: 'text/csv' }), 'truth.csv');
  const truthSet = await call(operator, '/admin/groundtruth', form);
  if (truthSet.code !== 0) throw new Error(`the ground truth was refused: ${truthSet.message}`);

  // A participant signed up (as the competition service records it) submits their file.
  const participant = await signedUpParticipant(running, competitionId, `ver${stamp}`);
  const upload = new FormData();
  upload.set('competitionId', competitionId);
  upload.set('file', new Blob([options.mine], { type: 'text/csv' }), 'mine.csv');
  const uploaded = await call(participant, '/submission/upload', upload);
  if (uploaded.code !== 0) throw new Error(`the upload was refused: ${uploaded.message}`);
  await until(
    () => call(participant, `/submission/mine?competitionId=${competitionId}`),
    (answer) => (answer.data as { status: string }[])[0]?.status === 'Completed',
    'the submission scored',
  );
  return { competitionId, operator, participant };
}

/**
 * A participant `username` (password `Verify1234`) signed up for `competitionId` as the competition
 * service records it, once scoring knows it; answers their session cookie.
 */
export async function signedUpParticipant(running: RunningPlatform, competitionId: string, username: string) {
  const db = running.platform.database.db;
  await running.createStaff(username, 'Verify1234', []);
  const accountId = (
    await sql<{ account_id: string }>`select account_id from identity.account_keys
      where kind = 'username' and value = ${username}`.execute(db)
  ).rows[0]!.account_id;
  await db.transaction().execute(async (trx) => {
    await sql`insert into competition.registrations (competition_id, account_id, signed_up_at)
      values (${competitionId}, ${accountId}, now())`.execute(trx);
    await running.platform.stores
      .get('competition')!
      .append(
        C.ParticipantSignedUp.aggregate,
        `registration-${competitionId}-${accountId}`,
        'no_stream',
        [{ type: C.ParticipantSignedUp.type, data: { competitionId, accountId, acceptedAgreements: [] } }],
        { actor: { userId: accountId, role: 'participant' }, correlationId: randomUUID(), causationId: null },
        { trx },
      );
  });
  const cookie = await apiOf(running.origin).signIn(username, 'Verify1234');
  await until(
    () =>
      fetch(`${running.origin}/api/submission/sample?competitionId=${competitionId}`, {
        headers: { cookie },
      }),
    (response) => response.status === 200,
    'the sign-up in scoring',
  );
  return cookie;
}

/** A portal page in Chromium, signed in with a session cookie of the API (`signIn`). */
export interface SignedInPage {
  page: Page;
  /** The errors the page has written to the browser's console so far. */
  consoleErrors: string[];
  /** Chooses the portal's language as its menu does (kept in localStorage) and reloads the page. */
  language(code: 'en' | 'zh-CN'): Promise<void>;
}

/**
 * Opens a browser context signed in as the holder of `cookie` (`name=value`, as `signIn` gives it) on
 * `origin`, and a page in it (1366×900, downloads accepted, the browser's waits `browserWaitMs`).
 */
export async function signedInPage(browser: Browser, origin: string, cookie: string): Promise<SignedInPage> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  context.setDefaultTimeout(browserWaitMs);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: origin }]);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  return {
    page,
    consoleErrors,
    async language(code) {
      await page.evaluate((value) => localStorage.setItem('language', value), code);
      await page.reload();
    },
  };
}

/**
 * The portal of a one-phase test file, ready to look at: the platform, the scored participant and their
 * page in Chromium. The test's set-up goes on through `call` (as operator or participant) and may end
 * the phase with `closeAndPublish`; its `afterAll` calls `close`.
 */
export interface ScoredPortal extends ScoredParticipant, SignedInPage {
  running: RunningPlatform;
  origin: string;
  browser: Browser;
  /** The API as a signed-in browser calls it (`apiOf(origin).call`). */
  call: ReturnType<typeof apiOf>['call'];
  /**
   * The operator closes the phase and publishes its final results. Scoring refuses to publish until it
   * has heard of the closing from the competition service and its board holds every score, a moment
   * later, so publishing is retried.
   */
  closeAndPublish(): Promise<void>;
  /** Closes the browser, then the platform, then the mailbox. */
  close(): Promise<void>;
}

/**
 * Starts the portal (`startPortal` with `extraEnv`, nothing seeded: the test makes its one competition),
 * makes the scored participant (`scoredParticipant`) and opens their page in Chromium (`signedInPage`).
 * A failed start closes what it had started, since the test has nothing to close yet.
 */
export async function startScoredPortal(
  options: ScoredParticipantOptions,
  /** More settings, e.g. `SCORING_RUN_TIMEOUT_S` for container runs. */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ScoredPortal> {
  const { mailbox, running, origin } = await startPortal({ SAIS_SEED: 'off', ...extraEnv });
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await running.close();
    await mailbox.close();
  };
  try {
    const scored = await scoredParticipant(running, options);
    browser = await launchChromium();
    const signedIn = await signedInPage(browser, origin, scored.participant);
    const { call } = apiOf(origin);
    const { competitionId, operator } = scored;
    return {
      ...scored,
      ...signedIn,
      running,
      origin,
      browser,
      call,
      async closeAndPublish() {
        const phase = 'preliminary';
        const closed = await call(operator, `/admin/competitions/${competitionId}/phases/${phase}/close`, {});
        if (closed.code !== 0) throw new Error(`the closing of the phase was refused: ${closed.message}`);
        await until(
          () => call(operator, '/admin/leaderboard/publish', { competitionId, phase }),
          (answer) => answer.code === 0,
          'the final results published',
        );
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
