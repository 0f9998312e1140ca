import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Platform } from '@sais/kit';
import { freshDatabase } from '@sais/kit/testing';
import { Accounts } from '@sais/identity';
import pino from 'pino';
import { createAllInOne } from '../../../services/gateway/src/platform.ts';

export interface RunningPlatform {
  origin: string;
  platform: Platform;
  /** A staff account with `roles`, made as `npm run admin -- create` makes one. */
  createStaff(username: string, password: string, roles: ('reviewer' | 'operator')[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole platform in this process, as `npm start` runs it: every service on a fresh database, the
 * five seeded competitions, codes mailed through `smtpUrl`, listening on 127.0.0.1.
 */
export async function startPlatform(smtpUrl: string): Promise<RunningPlatform> {
  const fresh = await freshDatabase('portal');
  await fresh.database.close();
  const dataDir = await mkdtemp(join(tmpdir(), 'sais-portal-data-'));
  // Checkpoints of the event logs every second, so a score's signed record appears while the test looks.
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: fresh.url,
    SMTP_URL: smtpUrl,
    SAIS_CHECKPOINT_INTERVAL_MS: '1000',
  };
  const platform = await createAllInOne(
    { dataDir, env },
    pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  );
  const origin = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  return {
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
    async close() {
      await platform.close();
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}-transparency`, { recursive: true, force: true });
    },
  };
}

/** A caller of the API from Node that keeps the session cookie, e.g. a reviewer. */
export function apiCaller(origin: string, language = 'en') {
  let cookie = '';
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
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
