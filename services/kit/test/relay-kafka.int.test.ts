import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  EventStore,
  KafkaTransport,
  ProjectionRunner,
  Relay,
  eventStoreMigrations,
  migrateSchema,
  replayProjection,
} from '../src/index.ts';
import { createStreamCounts, readStreamCounts, streamCounts } from './fixtures/stream-counts.ts';
import {
  accountRegistered,
  freshDatabase,
  kafkaBrokers,
  metadata,
  profileUpdated,
} from '../src/testing/index.ts';

async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('relay through real Kafka into a projection', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let store: EventStore;
  let transport: KafkaTransport;
  const schema = 'identity';
  const projection = streamCounts(schema);

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase('relay'));
    await migrateSchema(database.db, schema, eventStoreMigrations(schema));
    await createStreamCounts(database.db, schema);
    store = new EventStore(database.db, schema);
    transport = new KafkaTransport({
      brokers: kafkaBrokers(),
      clientId: 'kit-test',
      topicPrefix: `t${randomUUID().slice(0, 8)}.`,
    });
  });
  afterAll(async () => {
    await transport.close();
    await drop();
  });

  it('publishes appended events to Kafka and a consumer group builds the read model once', async () => {
    const runner = new ProjectionRunner(projection, database.db);
    const subscription = await transport.subscribe({
      groupId: projection.name,
      topics: projection.streamTypes,
      handleBatch: (events) => runner.handleBatch(events).then(() => undefined),
    });
    const relay = new Relay({ store, publisher: transport, leaderLock: { db: database.db } });
    relay.start();

    const ids: string[] = Array.from({ length: 20 }, () => randomUUID());
    for (const id of ids) {
      await store.append('identity.account', id, 'no_stream', [accountRegistered(id)], metadata());
      await store.append(
        'identity.account',
        id,
        1,
        [profileUpdated(id, 'one'), profileUpdated(id, 'two')],
        metadata(),
      );
    }
    const rows = await eventually(
      () => readStreamCounts(database.db, schema),
      (r) => r.filter((row) => ids.includes(row.stream_id) && row.events === 3).length === ids.length,
    );
    const mine = rows.filter((row) => ids.includes(row.stream_id));
    expect(mine).toHaveLength(20);
    for (const row of mine) expect(row).toMatchObject({ events: 3, last_version: 3 });

    // A relay that crashed before saving its checkpoint publishes the same events again: nothing changes.
    await relay.stop();
    await transport.publish(await store.readAll(undefined, 10_000));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const row of (await readStreamCounts(database.db, schema)).filter((r) =>
      ids.includes(r.stream_id),
    )) {
      expect(row).toMatchObject({ events: 3, last_version: 3 });
    }
    await subscription.stop();
  });

  it('replays the projection from the event store to the same read model', async () => {
    const before = await readStreamCounts(database.db, schema);
    const runner = new ProjectionRunner(projection, database.db);
    const progress: number[] = [];
    const result = await replayProjection(database.db, runner, [store], (p) => progress.push(p.read));
    expect(result.applied).toBe(60);
    expect(progress.at(-1)).toBe(60);
    const after = await readStreamCounts(database.db, schema);
    const byId = (rows: typeof before) => [...rows].sort((a, b) => a.stream_id.localeCompare(b.stream_id));
    expect(byId(after)).toEqual(byId(before));
  });
});
