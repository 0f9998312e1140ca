/**
 * GET /api/ready against a PostgreSQL of the test's own (a container it starts, stops and cuts off; never
 * the shared server): not ready, naming the cause, when a projection falls behind, when the database stops
 * answering (within the check's timeout, not a hung request) and when it is gone. Then against a Kafka of
 * its own, stopped and started again: not ready naming kafka while it is down, live all along, ready
 * again once it is back.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type InterruptibleServer,
  type RunningServer,
  startKafka,
  startPostgres,
} from '../../../infra/test/containers.ts';
import { type Platform, createPlatform, defineService } from '../src/index.ts';
import { accountRegistered, metadata, platformForTest } from '../src/testing/index.ts';
import { createStreamCounts, readStreamCounts, streamCounts } from './fixtures/stream-counts.ts';

/**
 * A TCP relay in front of PostgreSQL that can freeze: its sockets stop passing bytes (and new ones are
 * accepted but never answered), as a database host that hangs or a network that drops packets would.
 */
async function freezableRelay(
  target: URL,
): Promise<{ url: string; freeze(): void; thaw(): void; close(): void }> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
      if (frozen) socket.pause();
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as { port: number }).port);
  return {
    url: relayed.toString(),
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

const counting = defineService({
  name: 'identity',
  schema: 'identity',
  prefixes: [],
  migrations: { '0001-stream-counts': { up: (db) => createStreamCounts(db, 'identity') } },
  projections: () => [streamCounts('identity')],
  routes: async () => undefined,
});

describe('readiness on a database of its own', () => {
  let postgres: RunningServer & { url: string };
  let relay: Awaited<ReturnType<typeof freezableRelay>>;
  let platform: Platform;
  let dataDir: string;

  const ready = async () => {
    const started = Date.now();
    const response = await platform.app.inject({ method: 'GET', url: '/api/ready' });
    return { status: response.statusCode, body: response.json(), ms: Date.now() - started };
  };
  const until = async (done: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 300; i++) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const lagOf = async () => {
    const text = (await platform.metrics.exposition()).body;
    const value = (name: string) =>
      Number(new RegExp(`^${name}\\{projection="stream-counts"\\} (\\S+)$`, 'm').exec(text)?.[1]);
    return { events: value('sais_projection_lag_events'), seconds: value('sais_projection_lag_seconds') };
  };

  beforeAll(async () => {
    postgres = await startPostgres();
    relay = await freezableRelay(new URL(postgres.url));
    dataDir = await mkdtemp(join(tmpdir(), 'sais-ready-'));
    platform = await createPlatform({
      services: [counting],
      config: {
        dataDir,
        env: {
          DATABASE_URL: relay.url,
          READY_TIMEOUT_MS: '1000',
          READY_MAX_PROJECTION_LAG_SECONDS: '1',
        },
      },
      logger: pino({ level: 'silent' }),
    });
    await platform.app.ready();
  }, 180_000);

  afterAll(async () => {
    relay?.thaw();
    await platform?.close();
    relay?.close();
    await postgres?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('is ready, then not ready while a projection lags more than READY_MAX_PROJECTION_LAG_SECONDS', async () => {
    expect(await ready()).toMatchObject({
      status: 200,
      body: { code: 0, data: { checks: { database: 'ok', projections: 'ok' } } },
    });
    // Pause the projection: its read model's table is locked by another session, so it cannot apply.
    const blocker = new pg.Client({ connectionString: postgres.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table identity.stream_counts in exclusive mode');
      const id = randomUUID();
      await platform.stores
        .get('identity')!
        .append('identity.account', id, 'no_stream', [accountRegistered(id)], metadata());
      await until(async () => (await ready()).status === 503, 'readiness to notice the lag');
      const lagging = await ready();
      expect(lagging.body).toMatchObject({ code: 503, message: 'not ready: projections' });
      expect(lagging.body.data.checks).toMatchObject({ database: 'ok' });
      expect(lagging.body.data.checks.projections).toMatch(
        /^stream-counts is \d+ s behind \(READY_MAX_PROJECTION_LAG_SECONDS=1\)$/,
      );
      const lag = await lagOf();
      expect(lag.events).toBe(1);
      expect(lag.seconds).toBeGreaterThan(1);
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    // Released: it catches up, and its lag returns to 0.
    await until(async () => (await ready()).status === 200, 'readiness after the projection caught up');
    expect(await lagOf()).toEqual({ events: 0, seconds: 0 });
  });

  it('answers 503 within the timeout when the database stops answering, and is ready once it answers again', async () => {
    relay.freeze();
    try {
      const hung = await ready();
      expect(hung.status).toBe(503);
      expect(hung.ms).toBeLessThan(5000);
      expect(hung.body.message).toMatch(/^not ready: database/);
      expect(hung.body.data.checks.database).toBe('database timed out after 1000 ms');
      // A scrape is bounded too: the families that need the database are left out of it.
      const started = Date.now();
      const text = (await platform.metrics.exposition()).body;
      expect(Date.now() - started).toBeLessThan(8000);
      expect(text).toContain('process_cpu_seconds_total');
    } finally {
      relay.thaw();
    }
    await until(async () => (await ready()).status === 200, 'readiness once the database answers');
  });

  it('answers 503 naming the database when its server is gone', async () => {
    await postgres.stop();
    await until(async () => (await ready()).status === 503, 'readiness to notice the stopped server');
    const gone = await ready();
    expect(gone.ms).toBeLessThan(5000);
    expect(gone.body.message).toMatch(/^not ready: database/);
    expect(gone.body.data.checks.database).not.toBe('ok');
    // /api/health is liveness only: the process is up.
    expect((await platform.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('readiness on a Kafka of its own', () => {
  let kafka: InterruptibleServer & { brokers: string };
  let test: Awaited<ReturnType<typeof platformForTest>>;

  const ready = async () => {
    const started = Date.now();
    const response = await test.platform.app.inject({ method: 'GET', url: '/api/ready' });
    return { status: response.statusCode, body: response.json(), ms: Date.now() - started };
  };
  /** Asks every 200 ms until `done` (a check hung on the broker is not asked again until it settles). */
  const until = async (done: () => Promise<boolean>, what: string, timeoutMs = 60_000) => {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
  };

  beforeAll(async () => {
    // The shared Kafka serves every other test file: this one stops a broker of its own.
    kafka = await startKafka();
    test = await platformForTest([counting], 'readykafka', {
      env: {
        KAFKA_BROKERS: kafka.brokers,
        KAFKA_TOPIC_PREFIX: `k${randomUUID().slice(0, 8)}.`,
        READY_TIMEOUT_MS: '1000',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await kafka?.up().catch(() => undefined); // a failed test may leave it down: close() then leaves at once
    await test?.close();
    await kafka?.stop();
  }, 120_000);

  it('answers 503 naming kafka while the broker is down, /api/health stays 200, and it is ready once the broker is back', async () => {
    await until(async () => (await ready()).status === 200, 'readiness on a running broker');
    expect((await ready()).body).toMatchObject({
      code: 0,
      data: { checks: { database: 'ok', kafka: 'ok', projections: 'ok' } },
    });

    await kafka.down();
    try {
      await until(async () => (await ready()).status === 503, 'readiness to notice the stopped broker');
      const down = await ready();
      // Bounded by READY_TIMEOUT_MS, never a request hung on the broker.
      expect(down.ms).toBeLessThan(5000);
      expect(down.body).toMatchObject({ code: 503, message: 'not ready: kafka' });
      expect(down.body.data.checks).toMatchObject({ database: 'ok', projections: 'ok' });
      expect(down.body.data.checks.kafka).not.toBe('ok');
      expect(down.body.data.checks.kafka).toMatch(/\S/);
      // Liveness only: the process is up, and a restart would not bring the broker back.
      const health = await test.platform.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await kafka.up();
    }

    await until(async () => (await ready()).status === 200, 'readiness once the broker is back', 90_000);
    expect((await ready()).body.data.checks).toMatchObject({
      database: 'ok',
      kafka: 'ok',
      projections: 'ok',
    });
    // And the projection gets its events through the broker again.
    const id = randomUUID();
    await test.platform.stores
      .get('identity')!
      .append('identity.account', id, 'no_stream', [accountRegistered(id)], metadata());
    const { db } = test.platform.database;
    await until(
      async () => (await readStreamCounts(db, 'identity')).some((row) => row.stream_id === id),
      'the projection to apply an event published after the broker came back',
      // The consumers' reconnection backs off while the broker is away: on a loaded host they took over
      // a minute to fetch again (a clean run, 2026-11-29).
      120_000,
    );
  }, 300_000);
});
