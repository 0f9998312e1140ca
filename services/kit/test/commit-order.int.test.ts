import type { Db } from '../src/index.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CommitPosition,
  type Database,
  EventStore,
  beginning,
  eventStoreMigrations,
  migrateSchema,
} from '../src/index.ts';
import { accountRegistered, freshDatabase, metadata } from '../src/testing/index.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reading all events in commit order', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let store: EventStore;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase('commitorder'));
    await migrateSchema(database.db, 'identity', eventStoreMigrations('identity'));
    store = new EventStore(database.db, 'identity');
  });
  afterAll(() => drop());

  it('does not pass an open transaction that holds a smaller position', async () => {
    const slowId = randomUUID();
    const fastId = randomUUID();
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowAppended!: () => void;
    const slowHasAppended = new Promise<void>((resolve) => (slowAppended = resolve));

    const slow = database.db.transaction().execute(async (trx) => {
      await store.append('identity.account', slowId, 'no_stream', [accountRegistered(slowId)], metadata(), {
        trx,
      });
      slowAppended();
      await slowMayCommit;
    });
    await slowHasAppended;
    const [fast] = await store.append(
      'identity.account',
      fastId,
      'no_stream',
      [accountRegistered(fastId)],
      metadata(),
    );

    // The fast event is committed and has the larger position, but the slow one may still commit:
    // a reader must not move past it.
    const whileOpen = await store.readAll(beginning);
    expect(whileOpen.map((e) => e.streamId)).not.toContain(fastId);

    releaseSlow();
    await slow;
    // Both readable once committed — at once, unless a long transaction elsewhere in the cluster (another
    // test file's, two files run at a time) still holds the snapshot's horizon back: then when it ends.
    let afterCommit: string[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(50)) {
      afterCommit = (await store.readAll(beginning)).map((e) => e.streamId);
      if (afterCommit.includes(slowId) && afterCommit.includes(fastId)) break;
    }
    expect(afterCommit.indexOf(slowId)).toBeGreaterThanOrEqual(0);
    expect(afterCommit.indexOf(fastId)).toBeGreaterThan(afterCommit.indexOf(slowId));
    // A naive reader ordered by position would have skipped the slow event: its position is smaller.
    const slowEvent = (await store.readStream(slowId))[0]!;
    expect(slowEvent.globalPosition).toBeLessThan(fast!.globalPosition);
  });

  it('never skips or repeats an event while many writers race a polling reader', async () => {
    const writers = 8;
    const perWriter = 40;
    const expected = new Set<string>();
    const seen: string[] = [];
    let writing = true;
    let until = Infinity;

    // Start after everything already readable, before any writer of this test begins.
    const start = await lastPosition(store);
    const reader = (async () => {
      let position: CommitPosition = start;
      for (;;) {
        const batch = await store.readAll(position, 25);
        for (const event of batch) seen.push(event.id);
        if (batch.length > 0) {
          const last = batch[batch.length - 1]!;
          position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
        } else if (
          !writing &&
          (expected.size === seen.filter((id) => expected.has(id)).length || Date.now() > until)
        ) {
          // Done once every event of the test was read. Events a long transaction elsewhere in the cluster
          // still holds back (it keeps the snapshot's xmin low) become readable when it ends: wait for them.
          return;
        } else {
          await sleep(2);
        }
      }
    })();

    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let i = 0; i < perWriter; i++) {
          const id = randomUUID();
          await database.db.transaction().execute(async (trx: Db) => {
            const [event] = await store.append(
              'identity.account',
              id,
              'no_stream',
              [accountRegistered(id)],
              metadata(),
              {
                trx,
              },
            );
            expected.add(event!.id);
            // Hold some transactions open so that positions commit out of order.
            if ((i + writer) % 3 === 0) await sql`select pg_sleep(${Math.random() * 0.01})`.execute(trx);
          });
        }
      }),
    );
    until = Date.now() + 30_000;
    writing = false;
    await reader;

    // The reader may also meet older events that were still hidden when it took its starting point:
    // transaction ids are cluster-wide, so another database's open transaction holds back the snapshot's
    // xmin. What matters: every event of this test exactly once, and no event read twice.
    expect(new Set(seen).size).toBe(seen.length);
    const ours = seen.filter((id) => expected.has(id));
    expect(ours.length).toBe(expected.size);
  });
});

async function lastPosition(store: EventStore): Promise<CommitPosition> {
  let position = beginning;
  for (;;) {
    const batch = await store.readAll(position, 1000);
    if (batch.length === 0) return position;
    const last = batch[batch.length - 1]!;
    position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
  }
}
