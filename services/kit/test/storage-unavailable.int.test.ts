/**
 * Issue 33, finding 9, on a PostgreSQL of the test's own (a container it stops and starts; never the
 * shared server): while the server is gone, every call that needs storage answers 503 with Retry-After
 * and the envelope in zh-CN and en, writers and readers alike; once it is back the platform serves
 * again by itself, and writers that retried their 503s left every event exactly once (in the store and
 * in a read model that counts what it applies).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorCodes, messages } from '@sais/events';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InterruptibleServer, startPostgres } from '../../../infra/test/containers.ts';
import { type Platform, STORAGE_RETRY_AFTER_SECONDS, createPlatform, defineService } from '../src/index.ts';
import { accountRegistered, metadata } from '../src/testing/index.ts';
import { createStreamCounts, readStreamCounts, streamCounts } from './fixtures/stream-counts.ts';

/** A service whose one write appends one event per id, and whose one read reads it back. */
const probe = defineService({
  name: 'identity',
  schema: 'identity',
  prefixes: ['/api/probe'],
  migrations: { '0001-stream-counts': { up: (db) => createStreamCounts(db, 'identity') } },
  projections: () => [streamCounts('identity')],
  routes: async (app, context) => {
    app.post<{ Params: { id: string } }>('/api/probe/:id', async (request) => {
      await context.store.append(
        'identity.account',
        request.params.id,
        'no_stream',
        [accountRegistered(request.params.id)],
        metadata(),
      );
      context.appended();
      return { code: 0, message: 'ok', data: null };
    });
    app.get<{ Params: { id: string } }>('/api/probe/:id', async (request) => ({
      code: 0,
      message: 'ok',
      data: (await context.store.readStream(request.params.id)).length,
    }));
  },
});

describe('storage unavailable on a PostgreSQL of its own', () => {
  let postgres: InterruptibleServer & { url: string };
  let platform: Platform;
  let dataDir: string;
  const statuses: number[] = [];

  const call = async (method: 'GET' | 'POST', id: string, language = 'en') => {
    const response = await platform.app.inject({
      method,
      url: `/api/probe/${id}`,
      headers: { 'accept-language': language },
    });
    statuses.push(response.statusCode);
    return response;
  };
  /** A client that sends its write until it is done, waiting each 503's Retry-After. */
  const writeUntilDone = async (id: string) => {
    for (let attempt = 1; attempt <= 60; attempt++) {
      const response = await call('POST', id);
      if (response.statusCode === 200) return attempt;
      expect(response.statusCode).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers['retry-after']) * 1000));
    }
    throw new Error(`write ${id} was never done`);
  };
  const until = async (done: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 600; i++) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  beforeAll(async () => {
    postgres = await startPostgres();
    dataDir = await mkdtemp(join(tmpdir(), 'sais-unavailable-'));
    platform = await createPlatform({
      services: [probe],
      config: { dataDir, env: { DATABASE_URL: postgres.url, SAIS_SEED: 'off' } },
      logger: pino({ level: 'silent' }),
    });
    await platform.app.ready();
  }, 180_000);

  afterAll(async () => {
    await postgres?.up().catch(() => undefined); // a failed test may leave it down
    await platform?.close();
    await postgres?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('answers 503 + Retry-After in zh-CN and en while it is down, serves again once it is back, and loses or doubles nothing', async () => {
    const before = Array.from({ length: 5 }, () => randomUUID());
    for (const id of before) expect((await call('POST', id)).statusCode).toBe(200);

    // Writers keep going through the outage, each retrying its 503s.
    const during = Array.from({ length: 12 }, () => randomUUID());
    const writers = during.map(async (id, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 150));
      return writeUntilDone(id);
    });

    await postgres.down();
    try {
      for (const [language, text] of [
        ['zh-CN', messages.storageUnavailable['zh-CN']],
        ['en', messages.storageUnavailable.en],
      ] as const) {
        for (const method of ['POST', 'GET'] as const) {
          const response = await call(method, randomUUID(), language);
          expect(response.statusCode).toBe(503);
          expect(response.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
          expect(response.json()).toEqual({
            code: errorCodes.serviceUnavailable,
            message: text.replace('{{retryAfterSeconds}}', String(STORAGE_RETRY_AFTER_SECONDS)),
            data: { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS },
          });
        }
      }
      // The outage lasts a few Retry-Afters, so writers meet it.
      await new Promise((resolve) => setTimeout(resolve, 3 * STORAGE_RETRY_AFTER_SECONDS * 1000));
    } finally {
      await postgres.up();
    }

    // Every writer got its write done, after one or more 503s for those that met the outage.
    const attempts = await Promise.all(writers);
    expect(Math.max(...attempts)).toBeGreaterThan(1);
    // No request was answered anything but 200 or 503 (no 500 through the restart).
    expect(new Set(statuses)).toEqual(new Set([200, 503]));

    // The platform serves again, by itself: reads and writes.
    const after = randomUUID();
    expect((await call('POST', after)).statusCode).toBe(200);
    for (const id of [...before, ...during, after])
      expect((await call('GET', id)).json()).toMatchObject({ code: 0, data: 1 });

    // Nothing lost or doubled: one event per id in the store, none for the refused probes, and the read
    // model applied each exactly once.
    const written = new Set<string>([...before, ...during, after]);
    const store = platform.stores.get('identity')!;
    const all = await store.readAll(undefined, 10_000);
    expect(all.map((event) => event.streamId).sort()).toEqual([...written].sort());
    const { db } = platform.database;
    await until(
      async () => (await readStreamCounts(db, 'identity')).length === written.size,
      'the read model to apply every event',
    );
    for (const row of await readStreamCounts(db, 'identity')) {
      expect(written.has(row.stream_id)).toBe(true);
      expect(row.events).toBe(1);
    }
  }, 240_000);
});
