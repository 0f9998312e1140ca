// Someone with database access rewrites the event log, going around the append-only trigger. The hash
// chains cannot see most of it; the signed checkpoint kept outside the database does, and names the
// first position that differs.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { trustedKeys, verifyAgainstCheckpoints, trustKey } from '../src/index.ts';
import {
  appendHistory,
  asAttacker,
  checkpointCovering,
  loggedStore,
  rechain,
  schema,
} from './fixtures/transparency.ts';

const events = sql.table(`${schema}.events`);

// Both databases the platform runs on: PostgreSQL (real mode) and the embedded default's PGlite.
describe.each([
  { database: 'PostgreSQL', embedded: false },
  { database: 'embedded PGlite', embedded: true },
])('events:verify against a signed checkpoint ($database)', ({ embedded }) => {
  let scenario: Awaited<ReturnType<typeof loggedStore>>;
  afterEach(() => scenario?.close());

  /** 16 events, all in checkpoint #1. */
  async function checkpointed() {
    scenario = await loggedStore('tlog_attack', { embedded });
    const history = await appendHistory(scenario.store);
    const checkpoint = await checkpointCovering(scenario.checkpointer, 16);
    expect(checkpoint.treeSize).toBe(16);
    await trustKey(scenario.dir, scenario.signer.key);
    return history;
  }

  const verify = async () =>
    verifyAgainstCheckpoints({
      log: 'identity',
      db: scenario.database.db,
      store: scenario.store,
      files: scenario.files,
      keys: await trustedKeys(scenario.dir),
    });

  it('passes an untouched log, and counts events after the checkpoint as not covered yet', async () => {
    const history = await checkpointed();
    await appendHistory(scenario.store, 1, 1);
    await expect(verify()).resolves.toMatchObject({
      problem: null,
      compared: history.length,
      uncovered: 2,
      checkpoint: { treeSize: 16 },
    });
  });

  it('locates a plain UPDATE of an event', async () => {
    const history = await checkpointed();
    const target = history[9]!;
    await asAttacker(scenario.database.db, async (db) => {
      await sql`update ${events} set data = jsonb_set(data, '{changes,nickname}', '"mallory"')
        where event_id = ${target.id}`.execute(db);
    });
    expect(await verify()).toMatchObject({
      problem: { kind: 'event', difference: 'content changed', position: 9, event: { id: target.id } },
    });
  });

  it('locates an UPDATE whose chain hashes were recomputed, which the hash chains pass', async () => {
    const history = await checkpointed();
    const target = history[5]!; // the second account's first rename; its stream has two more events
    await asAttacker(scenario.database.db, async (db) => {
      await sql`update ${events} set data = jsonb_set(data, '{changes,nickname}', '"mallory"')
        where event_id = ${target.id}`.execute(db);
      await rechain(db, target.streamId);
    });
    await expect(scenario.store.verify()).resolves.toMatchObject({ ok: true });
    expect(await verify()).toMatchObject({
      problem: { kind: 'event', difference: 'rewritten', position: 5, event: { id: target.id } },
    });
  });

  it('locates the deleted last event of a stream', async () => {
    const history = await checkpointed();
    const target = history[12]!; // the first account's last rename; three events follow it
    await asAttacker(scenario.database.db, async (db) => {
      await sql`delete from ${events} where event_id = ${target.id}`.execute(db);
    });
    await expect(scenario.store.verify()).resolves.toMatchObject({ ok: true });
    expect(await verify()).toMatchObject({
      problem: { kind: 'event', difference: 'deleted', position: 12, event: { id: history[13]!.id } },
    });
  });

  it('locates a deleted event in the middle of a stream, its successors renumbered and rechained', async () => {
    const history = await checkpointed();
    const target = history[6]!; // the third account's first rename (version 2 of 4)
    await asAttacker(scenario.database.db, async (db) => {
      await sql`delete from ${events} where event_id = ${target.id}`.execute(db);
      await sql`update ${events} set stream_version = stream_version - 1
        where stream_id = ${target.streamId} and stream_version > 2`.execute(db);
      await rechain(db, target.streamId);
    });
    await expect(scenario.store.verify()).resolves.toMatchObject({ ok: true });
    expect(await verify()).toMatchObject({
      problem: { kind: 'event', difference: 'deleted', position: 6 },
    });
  });

  it('locates two events of different streams that swapped places in commit order', async () => {
    const history = await checkpointed();
    const [first, second] = [history[3]!, history[4]!];
    await asAttacker(scenario.database.db, async (db) => {
      await sql`update ${events} e set transaction_id = o.transaction_id
        from ${events} o where (e.event_id, o.event_id) in ((${first.id}::uuid, ${second.id}::uuid), (${second.id}::uuid, ${first.id}::uuid))`.execute(
        db,
      );
    });
    await expect(scenario.store.verify()).resolves.toMatchObject({ ok: true });
    expect(await verify()).toMatchObject({
      problem: { kind: 'event', difference: 'reordered', position: 3, event: { id: second.id } },
    });
  });

  it('finds a log cut short before the checkpoint’s size', async () => {
    const history = await checkpointed();
    const last = history.slice(-5).map((event) => event.id);
    await asAttacker(scenario.database.db, async (db) => {
      await sql`delete from ${events} where event_id = any(${last}::uuid[])`.execute(db);
    });
    await expect(scenario.store.verify()).resolves.toMatchObject({ ok: true });
    expect(await verify()).toMatchObject({
      problem: { kind: 'event', difference: 'truncated', position: 11, event: null },
    });
  });
});
