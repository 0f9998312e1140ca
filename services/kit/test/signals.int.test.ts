import { randomUUID } from 'node:crypto';
import { identity } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  type Db,
  EventStore,
  eventStoreMigrations,
  migrateSchema,
  recordSignalDecision,
  signalId,
} from '../src/index.ts';
import { freshDatabase, metadata } from '../src/testing/index.ts';

describe('recording a decision on a signal', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let store: EventStore;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase('signals'));
    await migrateSchema(database.db, 'identity', eventStoreMigrations('identity'));
    await sql`create table identity.decisions (signal_id text not null, decision text not null)`.execute(
      database.db,
    );
    store = new EventStore(database.db, 'identity');
  });
  afterAll(() => drop());

  const decide = (id: string, decision: 'dismissed' | 'confirmed') =>
    recordSignalDecision(database.db, store, {
      event: identity.IdentitySignalDecided,
      streamId: `identity-signal-${id}`,
      data: { signalId: id, kind: 'shared-address', decision, accountIds: [randomUUID()], reason: 'checked' },
      metadata: metadata(randomUUID()),
      row: (trx: Db) =>
        sql`insert into identity.decisions (signal_id, decision) values (${id}, ${decision})`.execute(trx),
      decided: () => new Error('decided'),
    });
  const rows = async (id: string) =>
    (
      await sql<{
        decision: string;
      }>`select decision from identity.decisions where signal_id = ${id}`.execute(database.db)
    ).rows.map((row) => row.decision);

  it('writes the event and the row together, once: a later or concurrent decision is refused', async () => {
    const first = signalId('shared-address', randomUUID());
    await decide(first, 'dismissed');
    await expect(decide(first, 'confirmed')).rejects.toThrow('decided');
    expect(await rows(first)).toEqual(['dismissed']);
    expect((await store.readStream(`identity-signal-${first}`)).map((event) => event.type)).toEqual([
      identity.IdentitySignalDecided.type,
    ]);

    const second = signalId('shared-address', randomUUID());
    const outcomes = await Promise.allSettled([decide(second, 'dismissed'), decide(second, 'confirmed')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await rows(second)).toHaveLength(1);
    expect(await store.readStream(`identity-signal-${second}`)).toHaveLength(1);
  });
});
