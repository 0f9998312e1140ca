/**
 * Issue 16's observability on real PostgreSQL and Kafka: a platform process (identity, competition, team,
 * scoring API and projections), the proxy gateway in front, and the scoring workers in a process of their
 * own (`service-main.ts scoring-workers`, as deployed). One upload goes through the gateway and is scored;
 * then every process's /metrics is scraped, and the upload is followed through the three processes' logs
 * by its correlation id.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Metrics, type MetricsListener, serveMetrics } from '@sais/kit/observability';
import { kafkaBrokers, multipart } from '@sais/kit/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, scoringHarness } from '../../scoring/test/support.ts';
import { repositoryRoot } from '../src/platform.ts';
import { startProxyGateway } from '../src/proxy.ts';
import { eventually } from './support.ts';

type LogLine = Record<string, unknown> & { msg?: string; correlationId?: string };

/** pino JSON lines written to a stream, kept for the test to read. */
function captured(level: string) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level }, stream) };
}

/** One sample's value from Prometheus text, e.g. `sample(text, 'sais_submissions', { status: 'Completed' })`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Every sample of a family, with its labels. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .map((line) => /^([a-z_:]+)\{(.*)\} (\S+)$/.exec(line))
    .filter((match) => match?.[1] === name)
    .map((match) => ({
      labels: Object.fromEntries([...match![2]!.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v!])),
      value: Number(match![3]),
    }));
}

const scrape = async (url: string) => (await fetch(url)).text();

describe('metrics, readiness and logs across the processes of real mode', () => {
  const prefix = `obs${randomUUID().slice(0, 8)}.`;
  const api = captured('debug');
  const edge = captured('info');
  const workerLines: LogLine[] = [];
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let apiMetrics: MetricsListener;
  let gateway: FastifyInstance;
  const gatewayMetrics = new Metrics();
  let origin: string;
  let apiOrigin: string;
  let worker: ChildProcess | undefined;
  let workerMetricsUrl: string;
  let workerDir: string;
  let competitionId: string;
  let submissionId: string;
  let correlationId: string;

  beforeAll(async () => {
    // This process runs no scoring worker: the worker process below scores.
    h = await scoringHarness({ KAFKA_TOPIC_PREFIX: prefix, SAIS_WORKERS: 'off' }, api.logger);
    apiMetrics = await serveMetrics(h.platform.metrics, { port: 0, host: '127.0.0.1' });
    apiOrigin = await h.platform.app.listen({ port: 0, host: '127.0.0.1' });
    gateway = await startProxyGateway(
      { IDENTITY_URL: apiOrigin, COMPETITION_URL: apiOrigin, TEAM_URL: apiOrigin, SCORING_URL: apiOrigin },
      { metrics: gatewayMetrics, logger: edge.logger },
    );
    origin = await gateway.listen({ port: 0, host: '127.0.0.1' });

    const database = (await sql<{ db: string }>`select current_database() as db`.execute(h.db)).rows[0]!.db;
    const databaseUrl = new URL(process.env.DATABASE_URL!);
    databaseUrl.pathname = `/${database}`;
    workerDir = await mkdtemp(join(tmpdir(), 'sais-obs-worker-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repositoryRoot, 'services/gateway/src/service-main.ts'), 'scoring-workers'],
      {
        cwd: repositoryRoot,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl.toString(),
          KAFKA_BROKERS: kafkaBrokers().join(','),
          KAFKA_TOPIC_PREFIX: prefix,
          SAIS_DATA_DIR: join(workerDir, 'data'),
          SAIS_KEYS_DIR: join(workerDir, 'keys'),
          SCORING_RUNNER: 'off',
          METRICS_PORT: '0',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    worker = child;
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop()!;
      for (const line of complete.filter(Boolean)) workerLines.push(JSON.parse(line));
    });
    workerMetricsUrl = await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`the worker process exited with ${child.exitCode}`);
      const line = workerLines.find((entry) => String(entry.msg).startsWith('metrics at '));
      return line ? String(line.msg).slice('metrics at '.length) : undefined;
    }, 'the worker process to serve its metrics');

    competitionId = await h.competition(csv((i) => i * 5));
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker!.once('exit', resolve));
    }
    await gateway?.close();
    await apiMetrics?.close();
    await h?.close();
    if (workerDir) await rm(workerDir, { recursive: true, force: true });
  });

  it('scores an upload made through the gateway; its events carry the gateway request’s id', async () => {
    const person = await h.participant(competitionId);
    const { payload, contentType } = multipart(
      { competitionId },
      { file: { name: 'result.csv', type: 'text/csv', bytes: Buffer.from(csv((i) => i * 5 + 1)) } },
    );
    const response = await fetch(`${origin}/api/submission/upload`, {
      method: 'POST',
      headers: { cookie: person.web.cookie!, 'content-type': contentType, 'accept-language': 'en' },
      body: payload,
    });
    const body = (await response.json()) as { code: number; data: { submissionId: string } };
    expect(body.code).toBe(0);
    submissionId = body.data.submissionId;
    // The gateway's request id is the flow's id; the service answered under it.
    correlationId = response.headers.get('x-correlation-id')!;
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    const scored = await h.finished(person.web, competitionId, submissionId);
    expect(scored).toMatchObject({ status: 'Completed', score: expect.closeTo(1, 6) });
    const events = await h.platform.stores.get('scoring')!.readStream(`submission-${submissionId}`);
    expect(events.map((event) => event.type)).toEqual([
      'scoring.SubmissionReceived',
      'scoring.EvaluationStarted',
      'scoring.SubmissionScored',
    ]);
    for (const event of events) expect(event.correlationId).toBe(correlationId);
  });

  it('follows the upload by its correlation id: gateway → API request → scoring worker → projection', async () => {
    const byFlow = (lines: LogLine[]) => lines.filter((line) => line.correlationId === correlationId);
    // Each process's log lines arrive through its pipe: waited for, not read once (a loaded machine).
    const line = (what: string, find: () => LogLine | undefined) => eventually(async () => find(), what);
    // The gateway's request: its id is the correlation id it forwarded.
    expect(
      await line('the gateway’s request line', () =>
        byFlow(edge.lines).find((l) => l.msg === 'incoming request'),
      ),
    ).toMatchObject({
      reqId: correlationId,
      req: { method: 'POST', url: '/api/submission/upload' },
    });
    expect(
      await line('the gateway’s completion line', () =>
        byFlow(edge.lines).find((l) => l.msg === 'request completed'),
      ),
    ).toMatchObject({
      res: { statusCode: 200 },
    });
    // The API process's own request, under its own request id and the same correlation id.
    const request = await line('the API’s request line', () =>
      byFlow(api.lines).find((l) => l.msg === 'incoming request'),
    );
    expect(request).toMatchObject({ req: { method: 'POST', url: '/api/submission/upload' } });
    expect(request.reqId).not.toBe(correlationId);
    expect(
      await line('the API’s completion line', () =>
        api.lines.find((l) => l.msg === 'request completed' && l.reqId === request.reqId),
      ),
    ).toMatchObject({ correlationId, res: { statusCode: 200 } });
    // The worker process scored it under the same id.
    expect(
      await line('the worker’s scoring line', () =>
        byFlow(workerLines).find((l) => l.msg === 'submission scored'),
      ),
    ).toMatchObject({
      submissionId,
      metric: 'rmse',
    });
    // And the leaderboard projection (API process, LOG_LEVEL=debug) applied its events.
    const applied = await eventually(
      async () =>
        api.lines.find(
          (line) =>
            line.msg === 'projection applied' &&
            line.projection === 'scoring.leaderboard' &&
            (line.correlationIds as string[]).includes(correlationId),
        ),
      'the leaderboard projection’s log line',
    );
    expect(applied.applied).toBeGreaterThan(0);
  });

  it('every process serves its metric families on its metrics port, none on the public port', async () => {
    // The API process.
    const text = await scrape(apiMetrics.url);
    expect(
      sample(text, 'sais_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/submission/upload',
        status_code: '200',
      }),
    ).toBe(1);
    // Route patterns only: no submission, competition or query string in any label.
    for (const { labels } of samples(text, 'sais_http_request_duration_seconds_count'))
      expect(labels.route).not.toMatch(/[0-9a-f]{8}-|\?/);
    expect(sample(text, 'sais_submissions', { status: 'Completed' })).toBe(1);
    expect(sample(text, 'sais_submissions', { status: 'Waiting' })).toBe(0);
    expect(sample(text, 'sais_evaluation_queue_depth', { competition_id: competitionId })).toBe(0);
    expect(sample(text, 'sais_evaluation_queue_oldest_age_seconds', { competition_id: competitionId })).toBe(
      0,
    );
    expect(
      sample(text, 'sais_event_store_appended_events_total', {
        service: 'scoring',
        stream_type: 'scoring.submission',
      }),
    ).toBe(1); // SubmissionReceived here; the worker process appended the rest
    const groups = new Set(samples(text, 'sais_kafka_consumer_lag_messages').map((s) => s.labels.group));
    expect([...groups]).toEqual(expect.arrayContaining(['scoring.leaderboard', 'identity.inbox']));
    expect(groups.has('scoring.workers')).toBe(false); // not this process's group
    const projections = samples(text, 'sais_projection_lag_events').map((s) => s.labels.projection);
    expect(projections).toEqual(expect.arrayContaining(['scoring.leaderboard', 'scoring.competitions']));
    expect(sample(text, 'sais_scoring_duration_seconds_count', { metric: 'rmse' })).toBeUndefined();
    expect(text).toContain('process_cpu_seconds_total');

    // Caught up: every projection and consumer group of the process comes back to 0 behind.
    await eventually(async () => {
      const now = await scrape(apiMetrics.url);
      const lag = [
        ...samples(now, 'sais_projection_lag_events'),
        ...samples(now, 'sais_projection_lag_seconds'),
        ...samples(now, 'sais_kafka_consumer_lag_messages'),
      ];
      return lag.length > 0 && lag.every((s) => s.value === 0) ? true : undefined;
    }, 'projection and consumer lag to return to 0');

    // The worker process: its own families (scoring, its group's lag, its appends), not the API's.
    const workerText = await scrape(workerMetricsUrl);
    expect(sample(workerText, 'sais_scoring_duration_seconds_count', { metric: 'rmse' })).toBe(1);
    expect(sample(workerText, 'sais_scoring_duration_seconds_sum', { metric: 'rmse' })).toBeGreaterThan(0);
    expect(
      sample(workerText, 'sais_event_store_appended_events_total', {
        service: 'scoring',
        stream_type: 'scoring.submission',
      }),
    ).toBe(2); // EvaluationStarted, SubmissionScored
    expect(sample(workerText, 'sais_submissions', { status: 'Completed' })).toBeUndefined();
    await eventually(async () => {
      const now = await scrape(workerMetricsUrl);
      const lag = sample(now, 'sais_kafka_consumer_lag_messages', {
        group: 'scoring.workers',
        topic: 'scoring.submission',
      });
      return lag === 0 ? true : undefined;
    }, 'the scoring workers’ consumer lag to return to 0');

    // The gateway: the proxied call, by its route pattern.
    const edgeText = (await gatewayMetrics.exposition()).body;
    expect(
      sample(edgeText, 'sais_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/submission/*',
        status_code: '200',
      }),
    ).toBe(1);

    // Not on the public ports (the gateway answers /metrics with the portal's page, or 503 unbuilt).
    for (const base of [origin, apiOrigin]) {
      const response = await fetch(`${base}/metrics`);
      expect(response.headers.get('content-type')).not.toMatch(/version=0\.0\.4/);
      expect(await response.text()).not.toMatch(/sais_|# TYPE/);
    }
    expect((await fetch(`${apiOrigin}/metrics`)).status).toBe(404);
  });

  it('is ready when its database, Kafka and projections are', async () => {
    const ready = await fetch(`${origin}/api/ready`);
    expect(ready.status).toBe(200);
    const apiReady = (await (await fetch(`${apiOrigin}/api/ready`)).json()) as {
      data: { checks: Record<string, string> };
    };
    expect(apiReady.data.checks).toEqual({ database: 'ok', kafka: 'ok', projections: 'ok', disk: 'ok' });
  });
});
