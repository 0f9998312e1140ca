/**
 * `npm run bench -- eventstore [append] [streams] [relay] [latency]`
 *
 *   append   appends/s to one stream, 100 events per append call with the expected version, ~5 s
 *   streams  appends/s over 1,000 streams with 4 concurrent writers: 100, 10 and 1 event(s) per call
 *   relay    50,000 events pre-filled, then Relay.drain() (and a started relay) to Kafka: events/s
 *   latency  append → projection committed at a steady 1,000 events/s for ~10 s, through a started
 *            Relay, Kafka and a KafkaTransport consumer group with a ProjectionRunner
 *
 * One fresh database per run (dropped at the end) and a random Kafka topic prefix (topics deleted).
 */
import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventMetadata } from '@sais/events';
import { type Database, type Db, migrateSchema, openDatabase } from '@sais/kit/db';
import {
  type CommitPosition,
  EventStore,
  type PendingEvent,
  eventStoreMigrations,
} from '@sais/kit/eventstore';
import { type EventPublisher, KafkaTransport, Relay } from '@sais/kit/messaging';
import { ProjectionRunner, defineProjection } from '@sais/kit/projections';
import { sql } from 'kysely';
import { Cleanup, sleep, withTimeout } from './lib/cleanup.ts';
import {
  CpuMeter,
  type Distribution,
  countDatabaseApart,
  cpuLine,
  distribution,
  otherWork,
  waitForQuiet,
  fmt,
  ms,
  table,
  verdict,
} from './lib/report.ts';
import {
  type Servers,
  createDatabase,
  deleteTopics,
  printRunHeader,
  startServers,
  topicMessageCount,
  waitForTopic,
} from './lib/servers.ts';
import type { Benchmark } from './lib/benchmark.ts';

const STREAM_TYPE = 'identity.account';
const TARGETS = { appendsPerSecond: 5_000, relayPerSecond: 10_000, p99Ms: 250, latencyRate: 1_000 };
const SETTINGS = {
  /** Before each section, wait up to maxWaitSeconds for the machine to be under thresholdPct busy. */
  quiet: { maxWaitSeconds: 90, thresholdPct: 35 },
  append: { batch: 100, seconds: 5, warmupSeconds: 1, maxCalls: 20_000 },
  streams: {
    streams: 1_000,
    writers: 4,
    batches: [100, 10, 1],
    seconds: 5,
    warmupSeconds: 1,
    maxCalls: 200_000,
  },
  relay: { events: 50_000, streams: 1_000, batchSizes: [500, 2_000, 5_000], timeoutMs: 180_000 },
  latency: {
    rate: TARGETS.latencyRate,
    eventsPerAppend: 10,
    seconds: 10,
    warmupSeconds: 2,
    streams: 1_000,
    maxInFlight: 8,
  },
};
const SECTIONS = ['append', 'streams', 'relay', 'latency'] as const;
type Section = (typeof SECTIONS)[number];

interface Context {
  servers: Servers;
  database: Database;
  db: Db;
  cleanup: Cleanup;
  /** Random per run: Kafka topic prefix and consumer group ids. */
  runId: string;
  summary: string[][];
}

// ---- events ----------------------------------------------------------------------------------------

function meta(): EventMetadata {
  return { actor: { userId: null, role: 'participant' }, correlationId: randomUUID(), causationId: null };
}

function registered(accountId: string): PendingEvent {
  const username = `user${accountId.replaceAll('-', '').slice(0, 12)}`;
  return {
    type: 'identity.AccountRegistered',
    data: { accountId, username, email: `${username}@example.org`, phone: null, termsAccepted: true },
  };
}

function updated(accountId: string, n: number): PendingEvent {
  return { type: 'identity.ProfileUpdated', data: { accountId, changes: { nickname: `nick${n}` } } };
}

/** The next `count` events of a stream now at `version`: registration first, then profile updates. */
function nextEvents(accountId: string, version: number, count: number): PendingEvent[] {
  return Array.from({ length: count }, (_, i) =>
    version + i === 0 ? registered(accountId) : updated(accountId, version + i),
  );
}

async function storeIn(ctx: Context, schema: string): Promise<EventStore> {
  await migrateSchema(ctx.db, schema, eventStoreMigrations(schema));
  return new EventStore(ctx.db, schema);
}

// ---- 1. one stream, batched ---------------------------------------------------------------------------

async function appendOneStream(ctx: Context): Promise<void> {
  const { batch, seconds, warmupSeconds, maxCalls } = SETTINGS.append;
  const store = await storeIn(ctx, 'bench_one');
  const id = randomUUID();
  let version = 0;
  const latencies: number[] = [];
  let events = 0;
  const cpu = { meter: undefined as CpuMeter | undefined };
  const start = performance.now();
  const measureFrom = start + warmupSeconds * 1000;
  const until = measureFrom + seconds * 1000;
  for (let call = 0; call < maxCalls && performance.now() < until; call++) {
    if (!cpu.meter && performance.now() >= measureFrom) cpu.meter = new CpuMeter();
    const t0 = performance.now();
    await store.append(
      STREAM_TYPE,
      id,
      version === 0 ? 'no_stream' : version,
      nextEvents(id, version, batch),
      meta(),
    );
    const t1 = performance.now();
    version += batch;
    if (t1 >= measureFrom && t1 <= until) {
      latencies.push(t1 - t0);
      events += batch;
    }
  }
  const elapsed = Math.min(performance.now(), until) - measureFrom;
  const usage = (cpu.meter ?? new CpuMeter()).stop();
  const rate = (events / elapsed) * 1000;
  const d = distribution(latencies);
  console.log(
    `\n## 1. Appends to one stream, ${batch} events per append call (expected version), ${seconds} s\n`,
  );
  console.log(
    table(
      ['events/s', 'append calls/s', 'events', 'call p50', 'call p99', 'call max'],
      [[fmt(rate), fmt((latencies.length / elapsed) * 1000), fmt(events), ms(d.p50), ms(d.p99), ms(d.max)]],
    ),
  );
  console.log(cpuLine(usage));
  ctx.summary.push([
    `appends/s, one stream, batch ${batch}`,
    `≥ ${fmt(TARGETS.appendsPerSecond)} /s`,
    `${fmt(rate)} /s`,
    verdict(rate, TARGETS.appendsPerSecond, true),
    contention(usage),
  ]);
}

// ---- 2. 1,000 streams, 4 writers --------------------------------------------------------------------

async function appendManyStreams(ctx: Context): Promise<void> {
  const { streams, writers, batches, seconds, warmupSeconds, maxCalls } = SETTINGS.streams;
  const store = await storeIn(ctx, 'bench_many');
  console.log(
    `\n## 2. Appends over ${fmt(streams)} streams, ${writers} concurrent writers (each call one stream), ${seconds} s each\n`,
  );
  const rows: string[][] = [];
  const usages: string[] = [];
  for (const batch of batches) {
    const ids = Array.from({ length: streams }, () => randomUUID());
    const versions = new Map<string, number>();
    const latencies: number[] = [];
    let events = 0;
    let calls = 0;
    let conflicts = 0;
    const start = performance.now();
    const measureFrom = start + warmupSeconds * 1000;
    const until = measureFrom + seconds * 1000;
    let meter: CpuMeter | undefined;
    const writer = async (w: number) => {
      const own = ids.filter((_, i) => i % writers === w);
      for (let k = 0; k < maxCalls / writers && performance.now() < until; k++) {
        if (!meter && performance.now() >= measureFrom) meter = new CpuMeter();
        const id = own[k % own.length]!;
        const version = versions.get(id) ?? 0;
        const t0 = performance.now();
        try {
          await store.append(
            STREAM_TYPE,
            id,
            version === 0 ? 'no_stream' : version,
            nextEvents(id, version, batch),
            meta(),
          );
        } catch (error) {
          if ((error as { code?: unknown }).code !== 409) throw error;
          conflicts += 1; // cannot happen with disjoint streams; counted to show it did not
          continue;
        }
        const t1 = performance.now();
        versions.set(id, version + batch);
        if (t1 >= measureFrom && t1 <= until) {
          latencies.push(t1 - t0);
          events += batch;
          calls += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    const elapsed = Math.min(performance.now(), until) - measureFrom;
    const usage = (meter ?? new CpuMeter()).stop();
    const rate = (events / elapsed) * 1000;
    const d = distribution(latencies);
    rows.push([
      String(batch),
      fmt(rate),
      fmt((calls / elapsed) * 1000),
      ms(d.p50),
      ms(d.p99),
      ms(d.max),
      String(conflicts),
    ]);
    usages.push(`batch ${batch}: ${cpuLine(usage)}`);
    ctx.summary.push([
      `appends/s, ${fmt(streams)} streams × ${writers} writers, batch ${batch}`,
      batch === SETTINGS.append.batch ? `≥ ${fmt(TARGETS.appendsPerSecond)} /s` : '–',
      `${fmt(rate)} /s`,
      batch === SETTINGS.append.batch
        ? verdict(rate, TARGETS.appendsPerSecond, true)
        : `(reference: ${fmt(rate / TARGETS.appendsPerSecond, 2)}×)`,
      contention(usage),
    ]);
  }
  console.log(
    table(
      ['events/call', 'events/s', 'append calls/s', 'call p50', 'call p99', 'call max', 'conflicts'],
      rows,
    ),
  );
  for (const line of usages) console.log(line);
}

// ---- 3. relay throughput ------------------------------------------------------------------------------

/** An EventStore that adds up the time the relay spends in each of its calls. */
class TimedStore extends EventStore {
  readonly spent = { readCheckpoint: 0, readAll: 0, saveCheckpoint: 0, rounds: 0 };

  override async readCheckpoint(name: string): Promise<CommitPosition> {
    const t0 = performance.now();
    try {
      return await super.readCheckpoint(name);
    } finally {
      this.spent.readCheckpoint += performance.now() - t0;
    }
  }

  override async readAll(after?: CommitPosition, limit?: number): Promise<EventEnvelope[]> {
    const t0 = performance.now();
    try {
      return await super.readAll(after, limit);
    } finally {
      this.spent.readAll += performance.now() - t0;
      this.spent.rounds += 1;
    }
  }

  override async saveCheckpoint(name: string, position: CommitPosition, trx?: Db): Promise<void> {
    const t0 = performance.now();
    try {
      return await super.saveCheckpoint(name, position, trx);
    } finally {
      this.spent.saveCheckpoint += performance.now() - t0;
    }
  }
}

/** Wraps a publisher: time spent publishing, events published, and a callback per published batch. */
function timedPublisher(inner: EventPublisher, onPublished?: (events: readonly EventEnvelope[]) => void) {
  const stats = { spent: 0, events: 0, batches: 0 };
  const publisher: EventPublisher = {
    async publish(events) {
      const t0 = performance.now();
      await inner.publish(events);
      stats.spent += performance.now() - t0;
      stats.events += events.length;
      stats.batches += 1;
      onPublished?.(events);
    },
    close: () => inner.close(),
  };
  return { publisher, stats };
}

async function prefill(store: EventStore, events: number, streams: number, writers = 4): Promise<number> {
  const perStream = Math.ceil(events / streams);
  const ids = Array.from({ length: streams }, () => randomUUID());
  let next = 0;
  let appended = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const count = Math.min(perStream, events - appended);
        if (count <= 0) return;
        appended += count;
        await store.append(STREAM_TYPE, id, 'no_stream', nextEvents(id, 0, count), meta());
      }
    }),
  );
  return appended;
}

interface RelayRun {
  label: string;
  batchSize: number;
  rate: number;
  elapsed: number;
  batches: number;
  inKafka: number;
  spent: TimedStore['spent'] & { publish: number };
  cpu: ReturnType<CpuMeter['stop']>;
}

/** One timed relay pass over the whole table into fresh topics; everything it opened is closed after. */
async function relayRun(
  ctx: Context,
  schema: string,
  total: number,
  index: number,
  mode: 'drain' | 'started',
  batchSize: number,
): Promise<RelayRun> {
  const label = mode === 'drain' ? 'relay.drain()' : 'relay.start()';
  await sql`delete from ${sql.table(`${schema}.checkpoints`)}`.execute(ctx.db);
  const transport = new KafkaTransport({
    brokers: ctx.servers.kafkaBrokers,
    clientId: 'bench-relay',
    topicPrefix: `${ctx.runId}.relay${index}.`,
  });
  const closeTransport = ctx.cleanup.defer(`close relay transport ${index}`, () => transport.close());
  try {
    const topic = transport.topicOf(STREAM_TYPE);
    await transport.ensureTopics([topic]);
    await waitForTopic(ctx.servers.kafkaBrokers, topic);
    const store = new TimedStore(ctx.db, schema);
    // Connect the producer before timing, on a topic of its own (nothing counted publishes to it).
    await transport.publish([{ ...(await store.readAll(undefined, 1))[0]!, streamType: 'bench.warmup' }]);
    store.spent.readAll = store.spent.rounds = 0;
    let allPublished: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (allPublished = resolve));
    const { publisher, stats } = timedPublisher(transport, () => {
      if (stats.events >= total) allPublished();
    });
    const relay = new Relay({ store, publisher, batchSize });
    const stopRelay = ctx.cleanup.defer(`stop relay ${index}`, () => relay.stop());
    const meter = new CpuMeter();
    const start = performance.now();
    try {
      if (mode === 'drain') {
        await withTimeout('relay.drain()', SETTINGS.relay.timeoutMs, relay.drain());
      } else {
        relay.start();
        await withTimeout('the started relay', SETTINGS.relay.timeoutMs, done);
      }
    } finally {
      await stopRelay();
    }
    const elapsed = performance.now() - start;
    const usage = meter.stop();
    return {
      label,
      batchSize,
      rate: (stats.events / elapsed) * 1000,
      elapsed,
      batches: stats.batches,
      inKafka: await topicMessageCount(ctx.servers.kafkaBrokers, topic),
      spent: { ...store.spent, publish: stats.spent },
      cpu: usage,
    };
  } finally {
    await closeTransport();
  }
}

async function relayThroughput(ctx: Context): Promise<void> {
  const { events, streams, batchSizes } = SETTINGS.relay;
  const schema = 'bench_relay';
  const store = await storeIn(ctx, schema);
  const t0 = performance.now();
  const total = await prefill(store, events, streams);
  const prefillSeconds = (performance.now() - t0) / 1000;
  console.log(
    `\n## 3. Relay → Kafka: ${fmt(total)} events pre-filled (${fmt(streams)} streams, ${fmt(prefillSeconds, 1)} s), ` +
      'then published into fresh topics (4 partitions)\n',
  );
  // What one event costs to put on the wire, outside the relay: its size and JSON.stringify.
  const sample = await store.readAll(undefined, 2_000);
  const s0 = performance.now();
  const bytes = sample.reduce((sum, event) => sum + Buffer.byteLength(JSON.stringify(event)), 0);
  const stringifyUs = ((performance.now() - s0) * 1000) / sample.length;
  console.log(
    `one event as a Kafka message: ${fmt(bytes / sample.length)} bytes of JSON (value) + key + 2 headers; ` +
      `JSON.stringify ${fmt(stringifyUs, 1)} µs/event\n`,
  );
  const runs: { mode: 'drain' | 'started'; batchSize: number }[] = [
    ...batchSizes.map((batchSize) => ({ mode: 'drain' as const, batchSize })),
    { mode: 'started', batchSize: 500 },
  ];
  const rows: string[][] = [];
  const breakdown: string[][] = [];
  const usages: string[] = [];
  for (const [index, { mode, batchSize }] of runs.entries()) {
    const name = `relay → Kafka, ${mode === 'drain' ? 'relay.drain()' : 'relay.start()'}, batchSize ${fmt(batchSize)}`;
    try {
      const r = await relayRun(ctx, schema, total, index, mode, batchSize);
      rows.push([
        r.label,
        fmt(batchSize),
        fmt(r.rate),
        `${fmt(r.elapsed / 1000, 2)} s`,
        fmt(r.batches),
        `${fmt(r.inKafka)}${r.inKafka === total ? '' : ' (!)'}`,
      ]);
      const s = r.spent;
      const pct = (part: number) => `${fmt((100 * part) / r.elapsed)}%`;
      const accounted = s.readCheckpoint + s.readAll + s.saveCheckpoint + s.publish;
      breakdown.push([
        `${r.label} ${fmt(batchSize)}`,
        pct(s.readCheckpoint),
        pct(s.readAll),
        pct(s.publish),
        pct(s.saveCheckpoint),
        accounted > r.elapsed * 1.02 ? 'overlapped' : pct(Math.max(0, r.elapsed - accounted)),
        ms(s.readAll / Math.max(1, s.rounds)),
        ms(s.publish / Math.max(1, r.batches)),
      ]);
      usages.push(`${r.label} ${fmt(batchSize)}: ${cpuLine(r.cpu)}`);
      ctx.summary.push([
        name,
        `≥ ${fmt(TARGETS.relayPerSecond)} /s`,
        `${fmt(r.rate)} /s`,
        verdict(r.rate, TARGETS.relayPerSecond, true),
        contention(r.cpu),
      ]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      rows.push([mode === 'drain' ? 'relay.drain()' : 'relay.start()', fmt(batchSize), 'FAILED', '', '', '']);
      usages.push(`batchSize ${fmt(batchSize)} FAILED: ${reason}`);
      ctx.summary.push([name, `≥ ${fmt(TARGETS.relayPerSecond)} /s`, 'FAILED', reason]);
    }
  }
  console.log(table(['mode', 'batchSize', 'events/s', 'time', 'publish calls', 'messages in topic'], rows));
  console.log('\nWhere the relay time goes (share of wall time; per-call means):\n');
  const header = ['run', 'readCheckpoint', 'readAll', 'publish', 'saveCheckpoint', 'other', 'readAll/call'];
  console.log(table([...header, 'publish/call'], breakdown));
  for (const line of usages) console.log(line);
}

// ---- 4. append → projection latency ---------------------------------------------------------------

interface Timing {
  /** occurredAt of the event (set by append), epoch ms. */
  occurred?: number;
  /** append() resolved (transaction committed). */
  appended?: number;
  /** The relay's publish of the batch holding it resolved (Kafka acknowledged). */
  published?: number;
  /** The consumer's handleBatch was called with it. */
  received?: number;
  /** The projection transaction that applied it committed. */
  committed?: number;
  measured?: boolean;
}

async function endToEndLatency(ctx: Context): Promise<void> {
  const { rate, eventsPerAppend, seconds, warmupSeconds, streams, maxInFlight } = SETTINGS.latency;
  const schema = 'bench_e2e';
  const store = await storeIn(ctx, schema);
  const summaryTable = sql.table(`${schema}.account_summary`);
  await sql`create table ${summaryTable} (
    account_id text primary key, events integer not null, last_version integer not null, nickname text)`.execute(
    ctx.db,
  );
  const projection = defineProjection({
    name: `bench-e2e-${ctx.runId}`,
    schema,
    streamTypes: [STREAM_TYPE],
    async apply(trx, event) {
      const nickname = (event.data as { changes?: { nickname?: string } }).changes?.nickname ?? null;
      await sql`
        insert into ${summaryTable} (account_id, events, last_version, nickname)
        values (${event.streamId}, 1, ${event.streamVersion}, ${nickname})
        on conflict (account_id) do update set events = ${summaryTable}.events + 1,
          last_version = excluded.last_version, nickname = coalesce(excluded.nickname, ${summaryTable}.nickname)`.execute(
        trx,
      );
    },
    async reset(trx) {
      await sql`delete from ${summaryTable}`.execute(trx);
    },
  });
  const runner = new ProjectionRunner(projection, ctx.db);
  const timings = new Map<string, Timing>();
  const timing = (id: string) => {
    let t = timings.get(id);
    if (!t) timings.set(id, (t = {}));
    return t;
  };
  const consumerBatches: number[] = [];
  const projectionTx: number[] = [];
  let committedCount = 0;
  let onCommitted: () => void = () => undefined;

  const transport = new KafkaTransport({
    brokers: ctx.servers.kafkaBrokers,
    clientId: 'bench-e2e',
    topicPrefix: `${ctx.runId}.e2e.`,
  });
  const closeTransport = ctx.cleanup.defer('close the latency transport', () => transport.close());
  const subscription = await transport.subscribe({
    groupId: projection.name,
    topics: projection.streamTypes,
    handleBatch: async (events) => {
      const received = Date.now();
      await runner.handleBatch(events);
      const committed = Date.now();
      consumerBatches.push(events.length);
      projectionTx.push(committed - received);
      for (const event of events) {
        const t = timing(event.id);
        if (t.committed !== undefined) continue;
        t.received = received;
        t.committed = committed;
        committedCount += 1;
      }
      onCommitted();
    },
  });
  const stopConsumer = ctx.cleanup.defer('stop the latency consumer', () => subscription.stop());
  const { publisher } = timedPublisher(transport, (events) => {
    const now = Date.now();
    for (const event of events) timing(event.id).published ??= now;
  });
  const relay = new Relay({ store, publisher, leaderLock: { db: ctx.db } });
  relay.start();
  const stopRelay = ctx.cleanup.defer('stop the latency relay', () => relay.stop());

  const waitCommitted = async (count: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (committedCount < count && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        onCommitted = resolve;
        setTimeout(resolve, 100);
      });
    }
    return committedCount >= count;
  };

  // The consumer group needs a rebalance before it gets partitions: one event through end to end first.
  const ids = Array.from({ length: streams }, () => randomUUID());
  const versions = new Map<string, number>();
  const busy = new Set<string>();
  const appendOne = async (index: number, measured: boolean, count = eventsPerAppend) => {
    let id = ids[index % ids.length]!;
    for (let k = 1; busy.has(id) && k < ids.length; k++) id = ids[(index + k) % ids.length]!;
    busy.add(id);
    try {
      const version = versions.get(id) ?? 0;
      const appended = await store.append(
        STREAM_TYPE,
        id,
        version === 0 ? 'no_stream' : version,
        nextEvents(id, version, count),
        meta(),
      );
      versions.set(id, version + count);
      const now = Date.now();
      for (const event of appended) {
        const t = timing(event.id);
        t.occurred = Date.parse(event.occurredAt);
        t.appended = now;
        t.measured = measured;
      }
      relay.notify(); // what a service does after an append (ServiceContext.appended)
    } finally {
      busy.delete(id);
    }
  };
  const readyStart = Date.now();
  await appendOne(0, false, 1);
  if (!(await waitCommitted(1, 90_000))) throw new Error('the consumer group never received the first event');
  const readyMs = Date.now() - readyStart;

  // Open-loop writer: append call i is due at start + i / callRate, whatever the latency of earlier calls.
  const callRate = rate / eventsPerAppend;
  const totalCalls = Math.round(callRate * (warmupSeconds + seconds));
  const warmupCalls = Math.round(callRate * warmupSeconds);
  const intervalMs = 1000 / callRate;
  const hardStop = (warmupSeconds + seconds) * 1000 + 15_000;
  const inFlight = new Set<Promise<void>>();
  const appendErrors: unknown[] = [];
  let issued = 0;
  let maxBehind = 0;
  const meter = { cpu: undefined as CpuMeter | undefined };
  const start = performance.now();
  let measureStart = Number.NaN;

  while (issued < totalCalls && performance.now() - start < hardStop) {
    const due = Math.min(totalCalls, Math.floor((performance.now() - start) / intervalMs) + 1);
    maxBehind = Math.max(maxBehind, due - issued);
    while (issued < due && inFlight.size < maxInFlight) {
      const index = issued + 1;
      const measured = issued >= warmupCalls;
      if (issued === warmupCalls) {
        measureStart = performance.now();
        meter.cpu = new CpuMeter();
      }
      const job = appendOne(index, measured).catch((error: unknown) => void appendErrors.push(error));
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
      issued += 1;
    }
    await sleep(1);
  }
  await Promise.all(inFlight);
  const measureEnd = performance.now();
  const measuredIssued = (issued - warmupCalls) * eventsPerAppend;
  const allIn = await waitCommitted(issued * eventsPerAppend + 1, 30_000);
  const usage = (meter.cpu ?? new CpuMeter()).stop();
  await stopRelay();
  await stopConsumer();
  await closeTransport();

  const measured = [...timings.values()].filter((t) => t.measured && t.occurred !== undefined);
  const done = measured.filter((t) => t.committed !== undefined);
  const stage = (from: keyof Timing, to: keyof Timing) =>
    distribution(
      done
        .filter((t) => typeof t[from] === 'number' && typeof t[to] === 'number')
        .map((t) => (t[to] as number) - (t[from] as number)),
    );
  const total = stage('occurred', 'committed');
  const row = (name: string, d: Distribution) => [
    name,
    ms(d.p50),
    ms(d.p95),
    ms(d.p99),
    ms(d.max),
    ms(d.mean),
  ];
  const achieved = (measuredIssued / (measureEnd - measureStart)) * 1000;
  console.log(
    `\n## 4. Append → projection committed, ${fmt(rate)} events/s for ${seconds} s ` +
      `(${eventsPerAppend} event(s) per append call, ${fmt(callRate)} calls/s over ${fmt(streams)} streams; ` +
      'Relay started with leader lock, notify() after each append; ' +
      'KafkaTransport consumer group → ProjectionRunner)\n',
  );
  console.log(
    `writer: ${fmt(measuredIssued)} events measured at ${fmt(achieved)} /s achieved ` +
      `(most behind schedule: ${fmt(maxBehind)} append calls; append errors: ${appendErrors.length}); ` +
      `projected: ${fmt(done.length)}/${fmt(measured.length)}${allIn ? '' : ' (NOT ALL within 30 s)'}; ` +
      `consumer group ready after ${fmt(readyMs)} ms\n`,
  );
  console.log(
    table(
      ['stage', 'p50', 'p95', 'p99', 'max', 'mean'],
      [
        row('occurredAt → projection committed', total),
        row('  occurredAt → append committed', stage('occurred', 'appended')),
        row('  append committed → relay published', stage('appended', 'published')),
        row('  relay published → consumer received', stage('published', 'received')),
        row('  consumer received → projection committed', stage('received', 'committed')),
      ],
    ),
  );
  const batches = distribution(consumerBatches);
  const tx = distribution(projectionTx);
  console.log(
    `\nconsumer batches: ${fmt(batches.count)}, events per batch p50 ${fmt(batches.p50)} / max ${fmt(batches.max)}; ` +
      `projection transaction p50 ${ms(tx.p50)} / p99 ${ms(tx.p99)} / max ${ms(tx.max)}`,
  );
  console.log(cpuLine(usage));
  if (appendErrors.length > 0) console.log(`first append error: ${String(appendErrors[0])}`);
  ctx.summary.push([
    `append → projection p99 at ${fmt(rate)} events/s`,
    `≤ ${fmt(TARGETS.p99Ms)} ms`,
    `${ms(total.p99)} (p50 ${ms(total.p50)}, max ${ms(total.max)})`,
    done.length === measured.length && measured.length > 0
      ? verdict(total.p99, TARGETS.p99Ms, false)
      : `INCOMPLETE (${done.length}/${measured.length} projected)`,
    contention(usage),
  ]);
}

function contention(cpu: ReturnType<CpuMeter['stop']>): string {
  const other = otherWork(cpu);
  return `${fmt(other)}%${other > 25 ? ' (skewed)' : ''}`;
}

// ---- main ---------------------------------------------------------------------------------------------

const run: Record<Section, (ctx: Context) => Promise<void>> = {
  append: appendOneStream,
  streams: appendManyStreams,
  relay: relayThroughput,
  latency: endToEndLatency,
};

/** `section.key=value` (e.g. `latency.eventsPerAppend=1`, `relay.batchSizes=500,1000`) changes a setting. */
function override(arg: string): string | undefined {
  const [path = '', value = ''] = arg.split('=');
  const [section, key] = path.split('.');
  const settings = SETTINGS[section as keyof typeof SETTINGS] as
    Record<string, number | number[]> | undefined;
  const current = key === undefined ? undefined : settings?.[key];
  const numbers = value.split(',').map(Number);
  if (current === undefined || numbers.some((n) => !Number.isFinite(n) || n < 0)) {
    return `bad setting ${arg}; settings: ${JSON.stringify(SETTINGS)}`;
  }
  settings![key!] = Array.isArray(current) ? numbers : numbers[0]!;
  return undefined;
}

async function main(argv: readonly string[]): Promise<boolean> {
  for (const arg of argv.filter((a) => a.includes('='))) {
    const problem = override(arg);
    if (problem) {
      console.error(problem);
      return false;
    }
  }
  const args = argv.filter((a) => !a.includes('='));
  const unknown = args.filter((arg) => !SECTIONS.includes(arg as Section));
  if (unknown.length > 0) {
    console.error(`unknown section(s) ${unknown.join(', ')}; sections: ${SECTIONS.join(', ')}`);
    return false;
  }
  const sections = args.length > 0 ? SECTIONS.filter((s) => args.includes(s)) : [...SECTIONS];
  const cleanup = new Cleanup();
  const runId = `bench-${randomUUID().slice(0, 8)}`;
  let ok = true;
  try {
    const servers = await startServers(cleanup);
    cleanup.defer('delete the run’s Kafka topics', async () => {
      const deleted = await deleteTopics(servers.kafkaBrokers, `${runId}.`);
      console.log(`\ncleanup: deleted ${deleted} topic(s) ${runId}.*`);
    });
    const url = await createDatabase(cleanup, servers.databaseUrl, 'bench');
    countDatabaseApart(new URL(url).pathname.slice(1));
    const database = await openDatabase({ kind: 'postgres', url });
    cleanup.defer('close the database pool', () => database.close());
    await printRunHeader(
      'Event store benchmark (npm run bench -- eventstore)',
      [
        ['sections', sections.join(', ')],
        [
          'settings',
          JSON.stringify(Object.fromEntries(['quiet', ...sections].map((s) => [s, SETTINGS[s as Section]]))),
        ],
      ],
      { servers, databaseUrl: url, topicPrefix: `${runId}.` },
    );
    const ctx: Context = { servers, database, db: database.db, cleanup, runId, summary: [] };
    for (const section of sections) {
      if (cleanup.stopping) break;
      const { maxWaitSeconds, thresholdPct } = SETTINGS.quiet;
      if (maxWaitSeconds > 0) {
        const quiet = await waitForQuiet(maxWaitSeconds, thresholdPct);
        console.log(
          `\n(machine ${fmt(quiet.busy)}% busy before section ${section}` +
            `${quiet.waited > 3 ? `, after waiting ${fmt(quiet.waited)} s for other work to calm down` : ''})`,
        );
      }
      try {
        await run[section](ctx);
      } catch (error) {
        ok = false;
        if (cleanup.stopping) break; // the cleanup closed what the section was using
        console.error(`\nsection ${section} failed:`, error);
        ctx.summary.push([section, '', 'FAILED', String(error instanceof Error ? error.message : error)]);
      }
    }
    console.log('\n## Summary against the targets\n');
    console.log(table(['measure', 'target', 'measured', 'verdict', 'other work on the host'], ctx.summary));
    console.log(
      '\n"other work on the host": CPU (in % of one core) used meanwhile by processes other than this one, its\n' +
        'PostgreSQL backends and the Kafka broker(s); above ~25% the figure is skewed by a shared machine.',
    );
  } finally {
    await cleanup.run();
  }
  return ok;
}

const benchmark: Benchmark = { description: 'event store, relay and projection latency', main };
export default benchmark;
