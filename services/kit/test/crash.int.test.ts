import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, EventStore, eventStoreMigrations, migrateSchema } from '../src/index.ts';
import { createStreamCounts, readStreamCounts } from './fixtures/stream-counts.ts';
import {
  accountRegistered,
  freshDatabase,
  kafkaBrokers,
  metadata,
  profileUpdated,
} from '../src/testing/index.ts';

const schema = 'identity';
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture(script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited early with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('kill -9 of the relay and of a consumer mid-stream', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    let url: string;
    ({ database, drop, url } = await freshDatabase('crash'));
    await migrateSchema(database.db, schema, eventStoreMigrations(schema));
    await createStreamCounts(database.db, schema);
    env = {
      DATABASE_URL: url,
      KAFKA_BROKERS: kafkaBrokers().join(','),
      TOPIC_PREFIX: `c${randomUUID().slice(0, 8)}.`,
      SCHEMA: schema,
    };
  });
  afterAll(async () => {
    await Promise.all([...children].map(killHard));
    await drop();
  });

  it('loses and duplicates nothing', async () => {
    const store = new EventStore(database.db, schema);
    const track = async (script: string) => {
      const child = await start(script, env);
      children.add(child);
      return child;
    };
    let relay = await track('relay-process.ts');
    let consumer = await track('consumer-process.ts');

    const streams = Array.from({ length: 60 }, () => randomUUID());
    const perStream = 8;
    for (let round = 0; round < perStream; round++) {
      for (const id of streams) {
        const event = round === 0 ? accountRegistered(id) : profileUpdated(id, `round${round}`);
        await store.append('identity.account', id, round === 0 ? 'no_stream' : round, [event], metadata());
      }
      if (round === 2) {
        await killHard(relay);
        children.delete(relay);
        relay = await track('relay-process.ts');
      }
      if (round === 5) {
        await killHard(consumer);
        children.delete(consumer);
        consumer = await track('consumer-process.ts');
      }
      await sleep(100);
    }

    const deadline = Date.now() + 60_000;
    let rows = await readStreamCounts(database.db, schema);
    while (
      Date.now() < deadline &&
      rows.filter((r) => r.last_version === perStream).length < streams.length
    ) {
      await sleep(250);
      rows = await readStreamCounts(database.db, schema);
    }
    expect(rows).toHaveLength(streams.length);
    for (const row of rows) expect(row).toMatchObject({ events: perStream, last_version: perStream });
  });
});
