import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EventStore,
  InProcessBus,
  ProjectionRunner,
  Relay,
  eventStoreMigrations,
  migrateSchema,
  openDatabase,
} from '../src/index.ts';
import { createStreamCounts, readStreamCounts, streamCounts } from './fixtures/stream-counts.ts';
import { accountRegistered, copyPgliteTemplate, metadata, profileUpdated } from '../src/testing/index.ts';

describe('embedded default: PGlite and the in-process bus', () => {
  it('delivers the same events to the same projection, and keeps them across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sais-embedded-'));
    await copyPgliteTemplate(dataDir);
    const schema = 'identity';
    const id = randomUUID();
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      await migrateSchema(first.db, schema, eventStoreMigrations(schema));
      await createStreamCounts(first.db, schema);
      const bus = new InProcessBus();
      const runner = new ProjectionRunner(streamCounts(schema), first.db);
      await bus.subscribe({
        groupId: 'counts',
        topics: ['identity.account'],
        handleBatch: (e) => runner.handleBatch(e).then(() => {}),
      });
      const store = new EventStore(first.db, schema);
      const relay = new Relay({ store, publisher: bus });
      await store.append('identity.account', id, 'no_stream', [accountRegistered(id)], metadata());
      await store.append('identity.account', id, 1, [profileUpdated(id, 'a')], metadata());
      expect(await relay.drain()).toBe(2);
      expect(await readStreamCounts(first.db, schema)).toEqual([
        { stream_id: id, events: 2, last_version: 2 },
      ]);
      await first.close();

      const second = await openDatabase({ kind: 'pglite', dataDir });
      await migrateSchema(second.db, schema, eventStoreMigrations(schema));
      const reopened = new EventStore(second.db, schema);
      expect((await reopened.readStream(id)).map((e) => e.type)).toEqual([
        'identity.AccountRegistered',
        'identity.ProfileUpdated',
      ]);
      expect(await reopened.verify()).toEqual({ ok: true, checked: 2 });
      expect(await new Relay({ store: reopened, publisher: new InProcessBus() }).drain()).toBe(0);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a second process on the same folder and takes over a lock left by a process that is gone', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sais-embedded-lock-'));
    await copyPgliteTemplate(dataDir);
    const holder = spawn('sleep', ['60']);
    try {
      await writeFile(`${dataDir}.lock`, JSON.stringify({ pid: holder.pid, host: hostname() }));
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
        `in use by process ${holder.pid}`,
      );
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      const database = await openDatabase({ kind: 'pglite', dataDir });
      expect(JSON.parse(await readFile(`${dataDir}.lock`, 'utf8'))).toEqual({
        pid: process.pid,
        host: hostname(),
      });
      await database.close();
      await expect(readFile(`${dataDir}.lock`, 'utf8')).rejects.toThrow(/ENOENT/);
    } finally {
      holder.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}.lock`, { force: true });
    }
  });
});
