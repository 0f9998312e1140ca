/**
 * Issue 17's scenario, shared by its test (audit-load.e2e.test.ts: the functional promise) and its
 * benchmark (`npm run bench -- audit-load`: the 2-second bound): the whole platform with a history of
 * scored submissions, 20 participants who sign in, upload and read boards, and an auditor who runs each
 * audit tool while they do. Nothing here asserts: each run answers what happened, every request timed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts } from '@sais/identity';
import { copyPgliteTemplate } from '@sais/kit/testing';
import type { Platform } from '@sais/kit/platform';
import { sql } from 'kysely';
import pino from 'pino';
import { createAllInOne } from '../src/platform.ts';
import {
  type Timing,
  openCompetition,
  participants,
  participate,
  scoredHistory,
  summary,
} from './participants.ts';
import { caller, eventually } from './support.ts';

export type AuditLoadMode = 'embedded (PGlite)' | 'PostgreSQL and Kafka';

/** What one tool's run under load gave: the participants' and the readiness probes' timings, its result. */
export interface ToolRun<T> {
  timings: Timing[];
  ready: Timing[];
  figures: ReturnType<typeof summary>;
  /** How long the tool ran (ms), from its start to its answer. */
  toolMs: number;
  result: T;
}

// The tools' answers, as the tests read them.
type Job<R> = { state: string; done: number; total: number; error: string | null; result: R };

export async function auditLoadScenario(options: {
  mode: AuditLoadMode;
  /** For PostgreSQL and Kafka: DATABASE_URL (an empty database), KAFKA_BROKERS, KAFKA_TOPIC_PREFIX. */
  serverEnv?: NodeJS.ProcessEnv;
  /** Scored submissions in the history (two events each) that the tools work through. */
  history?: number;
  people?: number;
}) {
  const history = options.history ?? 4000;
  const root = await mkdtemp(join(tmpdir(), 'sais-audit-load-'));
  const env: NodeJS.ProcessEnv = {
    SAIS_SEED: 'off',
    SCORING_SIGNAL_SCAN: 'off',
    SCORING_CONTAINERS: 'off',
    // 20 participants on one loopback address: the per-address write limit (issue 18) is off here.
    SAIS_RATE_LIMIT_ACCOUNT: '0',
    SAIS_RATE_LIMIT_ADDRESS: '0',
    ...(options.mode === 'PostgreSQL and Kafka' ? options.serverEnv : {}),
  };
  let platform: Platform | undefined;
  const close = async () => {
    await platform?.close();
    await rm(root, { recursive: true, force: true });
  };
  try {
    if (options.mode !== 'PostgreSQL and Kafka') await copyPgliteTemplate(join(root, 'data', 'pg'));
    platform = await createAllInOne(
      { dataDir: join(root, 'data'), keysDir: join(root, 'keys'), env },
      pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    );
  } catch (error) {
    await close();
    throw error;
  }
  const origin = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const competitionId = await openCompetition(platform);
  await scoredHistory(platform, competitionId, history);
  const db = platform.database.db;
  await eventually(async () => {
    const found = await sql<{ n: number }>`select count(*)::int as n from scoring.board_submissions
      where competition_id = ${competitionId}`.execute(db);
    return found.rows[0]!.n === history ? true : undefined;
  }, 'the leaderboard to take in the history');
  const crowd = await participants(platform, origin, competitionId, options.people ?? 20);

  const accounts = new Accounts(db, platform.stores.get('identity')!, undefined as never, undefined as never);
  const username = `a${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await accounts.createStaff(
    { username, email: `${username}@example.org`, password: 'Secret1234', roles: ['auditor', 'admin'] },
    { actor: { userId: null, role: 'system' }, correlationId: randomUUID(), causationId: null },
  );
  const auditor = caller(origin);
  const signedIn = await auditor('POST', '/user/login', { username, password: 'Secret1234' });
  if (signedIn.code !== 0) throw new Error(`the auditor could not sign in: ${JSON.stringify(signedIn)}`);
  // One round each to warm up (first sign-ins, first uploads, caches), not measured.
  await participate(crowd, competitionId, Promise.resolve());

  /** Asks `/api/ready` once and records how long it took and whether it was ready. */
  async function checkReady(ready: Timing[]): Promise<void> {
    const started = performance.now();
    const readiness = await fetch(new URL('/api/ready', origin));
    ready.push({ what: 'ready', ms: performance.now() - started, code: readiness.status === 200 ? 0 : 1 });
  }

  /** Polls a job (or replay) status until it leaves `running`; also checks readiness each time. */
  async function finished<T extends { state: string }>(path: string, ready: Timing[]): Promise<T> {
    for (;;) {
      await checkReady(ready);
      const status = await auditor<T>('GET', path);
      if (status.data.state !== 'running') return status.data;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Runs the participants while `job` runs. */
  async function underLoad<T>(job: (ready: Timing[]) => Promise<T>): Promise<ToolRun<T>> {
    const ready: Timing[] = [];
    const started = performance.now();
    let toolMs = 0;
    const running = job(ready).finally(() => (toolMs = performance.now() - started));
    const timings = await participate(crowd, competitionId, running);
    const result = await running;
    return { timings, ready, figures: summary([...timings, ...ready]), toolMs: Math.round(toolMs), result };
  }

  /** Starts a background job of the scoring service's audit tools and waits for its end. */
  const job = <R>(body: object) =>
    underLoad(async (ready) => {
      const started = await auditor<{ id: string }>('POST', '/admin/audit/scoring/jobs', body);
      if (started.code !== 0) throw new Error(`the job was refused: ${JSON.stringify(started)}`);
      return finished<Job<R>>(`/admin/audit/scoring/jobs/${started.data.id}`, ready);
    });

  return {
    history,
    competitionId,
    close,
    /** The participants alone for 5 s, for comparison. */
    alone: () =>
      underLoad(async (ready) => {
        const until = Date.now() + 5000;
        while (Date.now() < until) {
          await checkReady(ready);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }),
    /** A leaderboard as of now, in the background with progress. */
    asOf: () =>
      job<{ value: { total: number } }>({
        kind: 'asof',
        projection: 'scoring.leaderboard',
        at: new Date().toISOString(),
        query: { competitionId, board: 'public', pageSize: '10' },
      }),
    /** The same as-of asked directly, as the console once did (the call that hung every database route). */
    asOfDirect: () =>
      underLoad(async (ready) => {
        const query = new URLSearchParams({
          projection: 'scoring.leaderboard',
          at: new Date().toISOString(),
          competitionId,
          board: 'public',
          pageSize: '10',
        });
        let answered = false;
        const asked = auditor<{ applied: number; value: { total: number } }>(
          'GET',
          `/admin/audit/scoring/asof?${query}`,
        ).finally(() => {
          answered = true;
        });
        while (!answered) {
          await checkReady(ready);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return asked;
      }),
    /** A replay of the leaderboard. */
    replay: () =>
      underLoad(async (ready) => {
        const started = await auditor<{ state: string }>(
          'POST',
          '/admin/audit/scoring/replay/scoring.leaderboard',
        );
        if (started.code !== 0) throw new Error(`the replay was refused: ${JSON.stringify(started)}`);
        return finished<{ state: string; read: number; applied: number; error: string | null }>(
          '/admin/audit/scoring/replay/scoring.leaderboard',
          ready,
        );
      }),
    /** The hash chains verified. */
    verify: () => job<{ ok: boolean; checked: number }>({ kind: 'verify' }),
    /** The read models checked against the events. */
    readModels: () =>
      job<{
        ok: boolean;
        projections: { ok: boolean }[];
        stateTables: { check: string; ok: boolean; tables: { table: string; differences: number }[] }[];
      }>({ kind: 'read-models' }),
  };
}
