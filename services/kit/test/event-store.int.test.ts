import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrencyError,
  type Database,
  EventStore,
  eventStoreMigrations,
  migrateSchema,
} from '../src/index.ts';
import { accountRegistered, freshDatabase, metadata, profileUpdated } from '../src/testing/index.ts';

describe('event store on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let store: EventStore;

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase('eventstore'));
    await migrateSchema(database.db, 'identity', eventStoreMigrations('identity'));
    store = new EventStore(database.db, 'identity');
  });
  afterAll(() => drop());

  /** A new account stream holding its first event; answers the stream id. */
  async function registered() {
    const accountId = randomUUID();
    await store.append(
      'identity.account',
      accountId,
      'no_stream',
      [accountRegistered(accountId)],
      metadata(),
    );
    return accountId;
  }

  it('appends events to a new stream and reads them back with metadata and a hash chain', async () => {
    const accountId = randomUUID();
    const meta = metadata(accountId);
    const appended = await store.append(
      'identity.account',
      accountId,
      'no_stream',
      [accountRegistered(accountId)],
      meta,
    );
    await store.append('identity.account', accountId, 1, [profileUpdated(accountId, 'Ada')], meta);

    const stream = await store.readStream(accountId);
    expect(stream.map((e) => [e.type, e.streamVersion])).toEqual([
      ['identity.AccountRegistered', 1],
      ['identity.ProfileUpdated', 2],
    ]);
    expect(stream[0]!.id).toBe(appended[0]!.id);
    expect(stream[0]!.actor).toEqual(meta.actor);
    expect(stream[0]!.correlationId).toBe(meta.correlationId);
    expect(stream[0]!.previousHash).toBeNull();
    expect(stream[1]!.previousHash).toBe(stream[0]!.hash);
  });

  it('rejects a stale expected version with a retryable concurrency error', async () => {
    const accountId = await registered();
    const stale = store.append(
      'identity.account',
      accountId,
      'no_stream',
      [profileUpdated(accountId, 'x')],
      metadata(),
    );
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(stale).rejects.toMatchObject({
      retryable: true,
      code: 409,
      expected: 'no_stream',
      // A new stream's append does not read the head first: the insert itself collides.
      actual: null,
    });
  });

  it('appends to several streams in one call, each chained to its own head, and reads them back together', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await store.append('identity.account', a, 'no_stream', [accountRegistered(a)], metadata());
    const [first] = await store.appendMany([
      {
        streamType: 'identity.account',
        streamId: a,
        expected: 1,
        events: [profileUpdated(a, 'A')],
        metadata: metadata(),
      },
      {
        streamType: 'identity.account',
        streamId: b,
        expected: 'no_stream',
        events: [accountRegistered(b), profileUpdated(b, 'B')],
        metadata: metadata(),
      },
    ]);
    expect(first!.map((e) => e.streamVersion)).toEqual([2]);
    const streams = await store.readStreams([a, b, randomUUID()]);
    expect(streams.get(a)!.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(streams.get(a)![1]!.previousHash).toBe(streams.get(a)![0]!.hash);
    expect(streams.get(b)!.map((e) => [e.type, e.streamVersion])).toEqual([
      ['identity.AccountRegistered', 1],
      ['identity.ProfileUpdated', 2],
    ]);
    expect([...streams.values()][2]).toEqual([]);
    expect(await store.verify()).toMatchObject({ ok: true });
  });

  it('fails a multi-stream append as a whole when one stream lost its race, naming that stream', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await store.append('identity.account', a, 'no_stream', [accountRegistered(a)], metadata());
    const [head] = await store.readStream(a);
    await store.append('identity.account', a, 1, [profileUpdated(a, 'first')], metadata());
    // The caller read head version 1 and passes it: the insert of version 2 collides with the winner's.
    const late = store.appendMany([
      {
        streamType: 'identity.account',
        streamId: b,
        expected: 'no_stream',
        events: [accountRegistered(b)],
        metadata: metadata(),
      },
      {
        streamType: 'identity.account',
        streamId: a,
        expected: 1,
        head: { version: 1, hash: head!.hash },
        events: [profileUpdated(a, 'late')],
        metadata: metadata(),
      },
    ]);
    await expect(late).rejects.toMatchObject({ streamId: a, expected: 1 });
    await expect(late).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream(b)).toEqual([]);
    const nicknames = (await store.readStream(a)).map(
      (e) => (e.data as { changes?: { nickname?: string } }).changes?.nickname,
    );
    expect(nicknames).toEqual([undefined, 'first']);
  });

  it('lets exactly one of many racing writers win the same stream version', async () => {
    const accountId = await registered();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        store.append('identity.account', accountId, 1, [profileUpdated(accountId, `n${i}`)], metadata()),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(losers).toHaveLength(11);
    for (const loser of losers) expect(loser.reason).toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream(accountId)).toHaveLength(2);
  });

  it('refuses a malformed event and names the field, appending nothing', async () => {
    const accountId = randomUUID();
    const bad = {
      type: 'identity.AccountRegistered',
      data: { accountId, username: 'NO', email: null, phone: null },
    };
    await expect(store.append('identity.account', accountId, 'no_stream', [bad], metadata())).rejects.toThrow(
      /data\.username.*data\.termsAccepted|data\.termsAccepted.*data\.username/s,
    );
    expect(await store.readStream(accountId)).toEqual([]);
  });

  it("writes the service's rows alongside the events in one statement, and fails them together", async () => {
    await sql`create table if not exists identity.notes (note_id text primary key, body text not null)`.execute(
      database.db,
    );
    const [a, b] = [randomUUID(), randomUUID()];
    const note = (id: string, body: string) =>
      sql`insert into identity.notes (note_id, body) values (${id}, ${body})`;
    await store.append('identity.account', a, 'no_stream', [accountRegistered(a)], metadata(), {
      alongside: [note(a, 'first'), note(`${a}-2`, 'second')],
    });
    const notes = await sql<{ body: string }>`select body from identity.notes
      where note_id like ${`${a}%`} order by body`.execute(database.db);
    expect(notes.rows.map((row) => row.body)).toEqual(['first', 'second']);
    expect(await store.readStream(a)).toHaveLength(1);

    // A unique violation in a row of the service is its own error, not a lost race, and appends nothing.
    const clash = store.append('identity.account', b, 'no_stream', [accountRegistered(b)], metadata(), {
      alongside: [note(a, 'again')],
    });
    await expect(clash).rejects.toMatchObject({ code: '23505', table: 'notes' });
    await expect(clash).rejects.not.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream(b)).toEqual([]);
    // A lost race on the stream rolls the rows back.
    const late = store.append('identity.account', a, 'no_stream', [accountRegistered(a)], metadata(), {
      alongside: [note(b, 'late')],
    });
    await expect(late).rejects.toBeInstanceOf(ConcurrencyError);
    const lateNotes = await sql`select 1 from identity.notes where note_id = ${b}`.execute(database.db);
    expect(lateNotes.rows).toEqual([]);
    // With no event to append, the rows are still written.
    await store.appendMany(
      [{ streamType: 'identity.account', streamId: b, expected: 'any', events: [], metadata: metadata() }],
      { alongside: [note(b, 'no event')] },
    );
    const alone = await sql<{ body: string }>`select body from identity.notes where note_id = ${b}`.execute(
      database.db,
    );
    expect(alone.rows).toEqual([{ body: 'no event' }]);
  });

  it('reads the stream a subquery names, in the same round trip as the lookup', async () => {
    const accountId = await registered();
    await store.append('identity.account', accountId, 1, [profileUpdated(accountId, 'Ada')], metadata());
    const named = await store.readStreamNamedBy(sql<string>`select ${accountId}::text`);
    expect(named.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(await store.readStreamNamedBy(sql<string>`select null::text`)).toEqual([]);
    expect(
      await store.readStreamNamedBy(sql<string>`select stream_id from identity.events where false`),
    ).toEqual([]);
  });

  it('keeps events append-only at the database level', async () => {
    const accountId = await registered();
    await expect(
      sql`delete from identity.events where stream_id = ${accountId}`.execute(database.db),
    ).rejects.toThrow(/append-only/);
  });

  it('verifies the hash chain and reports the first broken link after tampering', async () => {
    expect(await store.verify()).toMatchObject({ ok: true });
    const victim = randomUUID();
    await store.append('identity.account', victim, 'no_stream', [accountRegistered(victim)], metadata());
    await store.append('identity.account', victim, 1, [profileUpdated(victim, 'honest')], metadata());
    await sql`alter table identity.events disable trigger events_append_only`.execute(database.db);
    await sql`update identity.events set data = jsonb_set(data, '{changes,nickname}', '"forged"')
      where stream_id = ${victim} and stream_version = 2`.execute(database.db);
    await sql`alter table identity.events enable trigger events_append_only`.execute(database.db);
    const result = await store.verify();
    expect(result).toMatchObject({
      ok: false,
      firstBroken: { streamId: victim, streamVersion: 2, reason: 'event content does not match its hash' },
    });
  });
});
