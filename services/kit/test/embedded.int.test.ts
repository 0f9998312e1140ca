import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
import { accountRegistered, metadata, profileUpdated } from '../src/testing/index.ts';

describe('embedded default: PGlite and the in-process bus', () => {
  it('delivers the same events to the same projection, and keeps them across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sais-embedded-'));
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
});
