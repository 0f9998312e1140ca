import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, EventStore, beginning, eventStoreMigrations, migrateSchema } from '../src/index.ts';
import { freshDatabase } from '../src/testing/index.ts';

describe('readAll order across transaction ids of different lengths', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let store: EventStore;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase('readallorder'));
    await migrateSchema(database.db, 'identity', eventStoreMigrations('identity'));
    store = new EventStore(database.db, 'identity');
  });
  afterAll(() => drop());

  it('pages through transactions 8, 9, 10, 11 in numeric order and skips none', async () => {
    // Long-committed transaction ids (below any snapshot's xmin), one digit more from 10 on.
    for (const [i, xid] of [8, 9, 10, 11].entries()) {
      const id = randomUUID();
      await sql`insert into identity.events (transaction_id, event_id, stream_type, stream_id, stream_version,
          type, version, data, metadata, occurred_at, previous_hash, hash)
        values (${String(xid)}::xid8, ${id}, 'identity.account', ${`s${i}`}, 1, 'identity.ProfileUpdated', 1,
          ${JSON.stringify({ accountId: id, changes: {} })}::jsonb,
          ${JSON.stringify({ actor: { userId: null, role: 'system' }, correlationId: id, causationId: null })}::jsonb,
          now(), null, ${'0'.repeat(64)})`.execute(database.db);
    }
    const seen: string[] = [];
    let position = beginning;
    for (let page = 0; page < 10; page++) {
      const events = await store.readAll(position, 2);
      if (events.length === 0) break;
      seen.push(...events.map((e) => e.transactionId));
      const last = events.at(-1)!;
      position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    }
    expect(seen).toEqual(['8', '9', '10', '11']);
  });
});
