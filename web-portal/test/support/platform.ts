import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Platform } from '@sais/kit/platform';
import { copyMigratedPgliteTemplate, freshDatabase, testMode } from '@sais/kit/testing';
import { Accounts } from '@sais/identity';
import pino from 'pino';
import { createAllInOne } from '../../../services/gateway/src/platform.ts';
import { allServices } from '../../../services/gateway/src/services.ts';
import { ensureAppBuilt } from '../../../infra/test/apps.ts';
import { type Mailbox, startMailbox } from './mailbox';

export interface RunningPlatform {
  origin: string;
  platform: Platform;
  /** A staff account with `roles`, made as `npm run admin -- create` makes one. */
  createStaff(username: string, password: string, roles: ('reviewer' | 'operator')[]): Promise<void>;
  /**
   * An operator opens registration of every seeded track now: it opens on 2027-02-23 by their schedule,
   * and sign-up is taken only while it is open (issue 30).
   */
  openRegistration(): Promise<void>;
  close(): Promise<void>;
}

/** The portal as its browser tests start it: the platform serving the built app, mailing to `mailbox`. */
export interface RunningPortal {
  mailbox: Mailbox;
  running: RunningPlatform;
  /** `running.origin`. */
  origin: string;
}

/**
 * The one start of the portal's browser tests: a mailbox for the codes, the app built when its `dist` is
 * stale (`ensureAppBuilt`), the platform started on both (`startPlatform`, with `extraEnv`). The test
 * closes `running`, then `mailbox`; a failed start closes the mailbox itself.
 */
export async function startPortal(
  /** More settings, e.g. `SCORING_WORKERS: 'off'` to keep submissions waiting. */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunningPortal> {
  const mailbox = await startMailbox();
  try {
    await ensureAppBuilt('web-portal');
    const running = await startPlatform(mailbox.url, extraEnv);
    return { mailbox, running, origin: running.origin };
  } catch (error) {
    await mailbox.close();
    throw error;
  }
}

/**
 * The whole platform in this process, as `npm start` runs it: every service on a fresh database (on
 * the PostgreSQL server, or embedded in its data folder when the run's mode is `embedded`:
 * SAIS_TEST_MODE, vitest.config.ts), the five seeded competitions, codes mailed through `smtpUrl`,
 * listening on 127.0.0.1.
 */
async function startPlatform(
  smtpUrl: string,
  /** More settings, e.g. `SCORING_WORKERS: 'off'` to keep submissions waiting. */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunningPlatform> {
  const fresh = testMode() === 'embedded' ? null : await freshDatabase('portal', { migrated: allServices });
  await fresh?.database.close();
  const dataDir = await mkdtemp(join(tmpdir(), 'sais-portal-data-'));
  if (!fresh) await copyMigratedPgliteTemplate(join(dataDir, 'pg'), allServices);
  // Checkpoints of the event logs every second, so a score's signed record appears while the test looks.
  const env: NodeJS.ProcessEnv = {
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    SMTP_URL: smtpUrl,
    SAIS_CHECKPOINT_INTERVAL_MS: '1000',
    ...extraEnv,
  };
  const platform = await createAllInOne(
    { dataDir, env },
    pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  );
  const origin = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const running: RunningPlatform = {
    origin,
    platform,
    async createStaff(username, password, roles) {
      const store = platform.stores.get('identity');
      if (!store) throw new Error('the platform runs no identity service');
      const accounts = new Accounts(platform.database.db, store, undefined as never, undefined as never);
      const metadata = {
        actor: { userId: null, role: 'system' as const },
        correlationId: randomUUID(),
        causationId: null,
      };
      await accounts.createStaff(
        { username, email: `${username}@staff.example.org`, password, roles },
        metadata,
      );
    },
    async openRegistration() {
      const username = `reg${randomUUID().replaceAll('-', '').slice(0, 10)}`;
      await running.createStaff(username, 'Register1234', ['operator']);
      const operator = apiCaller(origin);
      await operator('POST', '/user/login', { username, password: 'Register1234' });
      const list = await operator<{ records: { competitionId: string }[] }>('GET', '/race/list?pageSize=50');
      for (const { competitionId } of list.records)
        await operator('POST', `/admin/competitions/${competitionId}/phases/registration/open`, {});
    },
    async close() {
      await platform.close();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}-transparency`, { recursive: true, force: true });
    },
  };
  return running;
}

/** A caller of the API from Node that keeps the session cookie, e.g. a reviewer. */
/**
 * A reviewer's approval as the console makes it (issue 19): every photo opened (each view recorded),
 * the number read from the photo typed, each photo rule ticked.
 */
export async function approveVerification(
  origin: string,
  reviewer: { username: string; password: string },
  verificationId: string,
  certificateNumber: string,
) {
  const login = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reviewer),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  for (const index of [0, 1]) {
    const photo = await fetch(
      `${origin}/api/user/review/photo?verificationId=${verificationId}&index=${index}`,
      {
        headers: { cookie },
      },
    );
    await photo.arrayBuffer();
  }
  const approved = await fetch(`${origin}/api/user/review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      verificationId,
      approve: true,
      certificateNumber,
      checks: ['armAndUpperBodyVisible', 'faceUnobstructed', 'detailsClear'],
    }),
  });
  const envelope = (await approved.json()) as { code: number; message: string };
  if (envelope.code !== 0) throw new Error(`approve: ${envelope.code} ${envelope.message}`);
}

export function apiCaller(origin: string, language = 'en') {
  let cookie = '';
  return async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${origin}/api${path}`, {
      method,
      headers: {
        'accept-language': language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0] ?? '';
    const envelope = (await response.json()) as { code: number; message: string; data: T };
    if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
    return envelope.data;
  };
}
