import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  Metrics,
  checkReadiness,
  createApp,
  metricsAddress,
  observeHttp,
  requestMetadata,
  sampled,
  serveMetrics,
} from '../src/index.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const never = () => new Promise<void>(() => undefined);

/** A pino logger whose JSON lines land in `lines`. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe('sampled reads and readiness checks', () => {
  it('shares a read in flight, reuses a fresh result, and bounds a hung read', async () => {
    let reads = 0;
    let release: (value: number) => void = () => undefined;
    const read = sampled(
      () =>
        new Promise<number>((resolve) => {
          reads += 1;
          release = resolve;
        }),
      { maxAgeMs: 60_000, timeoutMs: 200, what: 'the sample' },
    );
    const started = Date.now();
    await expect(read()).rejects.toThrow('the sample timed out after 200 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    // The hung read is not started again while it runs.
    await expect(read()).rejects.toThrow(/timed out/);
    expect(reads).toBe(1);
    release(7);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await read()).toBe(7);
    expect(reads).toBe(1);
  });

  it('answers not ready within the timeout when a check hangs, naming it and the reason', async () => {
    const started = Date.now();
    const report = await checkReadiness([
      { name: 'database', check: never, timeoutMs: 300 },
      { name: 'kafka', check: async () => undefined },
      {
        name: 'projections',
        check: async () => {
          throw new Error('p is 90 s behind');
        },
      },
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(report).toEqual({
      ready: false,
      checks: { database: 'database timed out after 300 ms', kafka: 'ok', projections: 'p is 90 s behind' },
    });
  });

  it('GET /api/ready is 503 with the failing checks named, /api/health stays up', async () => {
    const app = await createApp({
      title: 't',
      logger: false,
      readiness: [
        { name: 'database', check: never, timeoutMs: 200 },
        { name: 'kafka', check: async () => undefined },
      ],
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        code: 503,
        message: 'not ready: database',
        data: { checks: { database: 'database timed out after 200 ms', kafka: 'ok' } },
      });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('HTTP metrics and request tracing', () => {
  it('labels requests by route pattern (never the raw URL) and status; /metrics is not on the app', async () => {
    const metrics = new Metrics({ processMetrics: false });
    const app = await createApp({ title: 't', logger: false });
    observeHttp(app, metrics);
    app.get('/api/things/:id', async (request) => ({ id: (request.params as { id: string }).id }));
    try {
      for (const id of ['1', '2', '3']) await app.inject({ method: 'GET', url: `/api/things/${id}?x=${id}` });
      await app.inject({ method: 'GET', url: '/api/no/such/path/42' });
      const publicMetrics = await app.inject({ method: 'GET', url: '/metrics' });
      expect(publicMetrics.statusCode).toBe(404);
      const text = (await metrics.exposition()).body;
      expect(text).toContain(
        'sais_http_request_duration_seconds_count{method="GET",route="/api/things/:id",status_code="200"} 3',
      );
      expect(text).toContain(
        'sais_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 2',
      );
      expect(text).not.toContain('/api/things/1');
      expect(text).not.toContain('/api/no/such');
    } finally {
      await app.close();
    }
  });

  it('gives each request a UUID, logs it with the correlation id its events get, and sends both back', async () => {
    const { lines, logger } = capturedLogger();
    const app = await createApp({ title: 't', logger });
    let metadataCorrelation = '';
    app.post('/api/act', async (request) => {
      metadataCorrelation = requestMetadata(request).correlationId;
      request.log.info('acting');
      return { ok: true };
    });
    try {
      const own = await app.inject({ method: 'POST', url: '/api/act', headers: { 'x-request-id': 'mine' } });
      const requestId = own.headers['x-request-id'] as string;
      expect(requestId).toMatch(uuid);
      // A caller cannot choose the request id; without a flow of its own the request's id is the flow.
      expect(own.headers['x-correlation-id']).toBe(requestId);
      expect(metadataCorrelation).toBe(requestId);
      const acting = lines.find((line) => line.msg === 'acting')!;
      expect(acting).toMatchObject({ reqId: requestId, correlationId: requestId });
      expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({
        reqId: requestId,
        correlationId: requestId,
      });

      const flow = 'A1B2C3D4-0000-4000-8000-000000000001';
      const continued = await app.inject({
        method: 'POST',
        url: '/api/act',
        headers: { 'x-correlation-id': flow },
      });
      expect(continued.headers['x-correlation-id']).toBe(flow.toLowerCase());
      expect(metadataCorrelation).toBe(flow.toLowerCase());
      expect(lines.filter((line) => line.msg === 'acting')[1]).toMatchObject({
        reqId: continued.headers['x-request-id'],
        correlationId: flow.toLowerCase(),
      });

      // Not a UUID: ignored (log lines and events never carry what a caller typed).
      const junk = await app.inject({
        method: 'POST',
        url: '/api/act',
        headers: { 'x-correlation-id': 'x"}\n{"admin":true' },
      });
      expect(junk.headers['x-correlation-id']).toBe(junk.headers['x-request-id']);
    } finally {
      await app.close();
    }
  });

  it('writes a request line above the level with both ids, and nothing below it (the child made only then)', async () => {
    const { lines, logger } = capturedLogger();
    logger.level = 'warn';
    const app = await createApp({ title: 't', logger });
    app.get('/api/look', async (request) => {
      request.log.info('not written');
      request.log.debug('not written');
      expect(request.log.level).toBe('warn');
      if ((request.query as { warn?: string }).warn) {
        request.log.warn('written');
        request.log.child({ step: 'inner' }).error('inner line');
      }
      return { ok: true };
    });
    try {
      const quiet = await app.inject({ url: '/api/look' });
      expect(quiet.statusCode).toBe(200);
      expect(lines).toEqual([]);
      const flow = 'a1b2c3d4-0000-4000-8000-000000000002';
      const loud = await app.inject({ url: '/api/look?warn=1', headers: { 'x-correlation-id': flow } });
      const ids = { reqId: loud.headers['x-request-id'], correlationId: flow };
      expect(lines.map((line) => line.msg)).toEqual(['written', 'inner line']);
      expect(lines[0]).toMatchObject({ ...ids, level: 40 });
      expect(lines[1]).toMatchObject({ ...ids, step: 'inner', level: 50 });
    } finally {
      await app.close();
    }
  });
});

describe('the metrics listener', () => {
  it('serves Prometheus text at /metrics on its own port, and nothing else', async () => {
    const metrics = new Metrics();
    metrics
      .counter({ name: 'sais_test_things_total', help: 'things', labelNames: ['kind'] })
      .inc({ kind: 'a' });
    const listener = await serveMetrics(metrics, { port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(listener.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(text).toContain('# TYPE sais_test_things_total counter');
      expect(text).toContain('sais_test_things_total{kind="a"} 1');
      expect(text).toContain('process_cpu_seconds_total');
      expect((await fetch(listener.url.replace('/metrics', '/'))).status).toBe(404);
    } finally {
      await listener.close();
    }
  });

  it('says which setting to change when the port is taken', async () => {
    const first = await serveMetrics(new Metrics({ processMetrics: false }), { port: 0, host: '127.0.0.1' });
    try {
      const port = Number(new URL(first.url).port);
      await expect(
        serveMetrics(new Metrics({ processMetrics: false }), { port, host: '127.0.0.1' }),
      ).rejects.toThrow(`cannot serve metrics on 127.0.0.1:${port} (EADDRINUSE): set METRICS_PORT`);
    } finally {
      await first.close();
    }
  });

  it('reads METRICS_PORT and METRICS_HOST', () => {
    expect(metricsAddress({}, 9464)).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(metricsAddress({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' }, 9464)).toEqual({
      port: 0,
      host: '0.0.0.0',
    });
    expect(metricsAddress({ METRICS_PORT: 'off' }, 9464)).toBeNull();
    expect(() => metricsAddress({ METRICS_PORT: 'eighty' }, 9464)).toThrow(/METRICS_PORT/);
  });

  it('leaves a failing family out of the scrape and counts the failure, serving the others', async () => {
    const metrics = new Metrics({ processMetrics: false });
    metrics.sampledGauge(
      { name: 'sais_test_broken', help: 'broken', labelNames: ['x'] },
      () => Promise.reject(new Error('database down')),
      () => undefined,
    );
    metrics.sampledGauge(
      { name: 'sais_test_fine', help: 'fine', labelNames: ['x'] },
      async () => 3,
      (gauge, value) => gauge.set({ x: 'y' }, value),
    );
    const text = (await metrics.exposition()).body;
    expect(text).toContain('sais_test_fine{x="y"} 3');
    expect(text).not.toMatch(/^sais_test_broken\{/m);
    // Counted as the scrape runs (so it shows from the next one).
    expect((await metrics.exposition()).body).toContain(
      'sais_metrics_collection_failures_total{collector="sais_test_broken"} 1',
    );
  });
});
