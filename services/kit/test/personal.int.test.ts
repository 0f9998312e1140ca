import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  EventStore,
  PersonalDataKeys,
  eventStoreMigrations,
  migrateSchema,
  openDatabase,
  openEvents,
} from '../src/index.ts';
import { accountRegistered, copyPgliteTemplate, metadata } from '../src/testing/index.ts';

/** Decision 0017 on the embedded database: sealing on append, opening on read, shredding by key. */
describe('personal data sealed per person (PGlite)', () => {
  let dir: string;
  let database: Database;
  let keys: PersonalDataKeys;
  let store: EventStore;
  const config = () => ({ dataDir: join(dir, 'data'), keysDir: join(dir, 'keys'), env: {} });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sais-personal-'));
    await copyPgliteTemplate(join(dir, 'data', 'pg'));
    database = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'data', 'pg') });
    await migrateSchema(database.db, 'identity', eventStoreMigrations('identity'));
    keys = await PersonalDataKeys.open(database.db, config());
    store = new EventStore(database.db, 'identity', { personal: keys });
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  const register = (accountId: string, username: string) =>
    store.append(
      'identity.account',
      `account-${accountId}`,
      'no_stream',
      [
        {
          type: 'identity.AccountRegistered',
          data: { accountId, username, email: `${username}@example.org`, phone: null, termsAccepted: true },
        },
      ],
      { ...metadata(accountId), actor: { userId: accountId, role: 'participant', ip: '203.0.113.7' } },
    );

  it('stores the newest version sealed, hashes what is stored, and reads it back opened', async () => {
    const id = randomUUID();
    const [appended] = await register(id, 'sealedone');
    expect(appended).toMatchObject({ version: 2, data: { username: 'sealedone' } });
    const row = await sql<{
      data: { username: string; email: string; phone: null };
      metadata: { actor: { ip: string } };
    }>`
      select data, metadata from identity.events where stream_id = ${`account-${id}`}`.execute(database.db);
    expect(row.rows[0]!.data.username).toMatch(/^pd1\./);
    expect(row.rows[0]!.data.email).toMatch(/^pd1\./);
    expect(row.rows[0]!.data.phone).toBeNull();
    expect(row.rows[0]!.metadata.actor.ip).toMatch(/^pd1\./);
    expect(JSON.stringify(row.rows)).not.toContain('sealedone');
    const [read] = await store.readStream(`account-${id}`);
    expect(read!.data).toEqual({
      accountId: id,
      username: 'sealedone',
      email: 'sealedone@example.org',
      phone: null,
      termsAccepted: true,
    });
    expect(await store.verify()).toMatchObject({ ok: true });
    // What the relay publishes is the stored form; a consumer opens it.
    const [published] = await store.readAll();
    expect((published!.data as { username: string }).username).toMatch(/^pd1\./);
    const [opened] = await openEvents(keys, [published!]);
    expect((opened!.data as { username: string }).username).toBe('sealedone');
  });

  it('reads version 1 events (plain) as they were written', async () => {
    const id = randomUUID();
    await store.append(
      'identity.account',
      `account-${id}`,
      'no_stream',
      [accountRegistered(id, 'plainolduser')],
      metadata(),
    );
    const [read] = await store.readStream(`account-${id}`);
    expect(read).toMatchObject({ version: 1, data: { username: 'plainolduser' } });
  });

  it('destroying the key makes every sealed value of that person unreadable; the chain still verifies', async () => {
    const gone = randomUUID();
    const kept = randomUUID();
    await register(gone, 'goneperson');
    await register(kept, 'keptperson');
    await database.db.transaction().execute((trx) => keys.destroy(gone, trx));
    const [erased] = await store.readStream(`account-${gone}`);
    expect(erased!.data).toMatchObject({ username: null, email: null, accountId: gone });
    const [still] = await store.readStream(`account-${kept}`);
    expect(still!.data).toMatchObject({ username: 'keptperson' });
    expect(await store.verify()).toMatchObject({ ok: true });
    // A fresh process (no cache) with the same keys folder cannot open it either.
    const again = new EventStore(database.db, 'identity', {
      personal: await PersonalDataKeys.open(database.db, config()),
    });
    expect((await again.readStream(`account-${gone}`))[0]!.data).toMatchObject({ username: null });
    // Nothing can be recorded for a deleted person any more.
    await expect(
      store.append(
        'identity.account',
        `account-${gone}`,
        1,
        [{ type: 'identity.ProfileUpdated', data: { accountId: gone, changes: { nickname: 'x' } } }],
        metadata(),
      ),
    ).rejects.toThrow(/was deleted/);
  });

  it('names the problem when the master key is not the one the data keys were wrapped with', async () => {
    const id = randomUUID();
    await register(id, 'wrongmaster');
    const other = await PersonalDataKeys.open(database.db, { ...config(), keysDir: join(dir, 'other-keys') });
    await expect(
      new EventStore(database.db, 'identity', { personal: other }).readStream(`account-${id}`),
    ).rejects.toThrow(/master key does not open the data key/);
  });

  it('refuses to store personal data in a store without keys', async () => {
    const id = randomUUID();
    await expect(
      new EventStore(database.db, 'identity').append(
        'identity.account',
        `account-${id}`,
        'no_stream',
        [
          {
            type: 'identity.AccountRegistered',
            data: { accountId: id, username: 'nokeysuser', email: null, phone: null, termsAccepted: true },
          },
        ],
        metadata(),
      ),
    ).rejects.toThrow(/no personal-data keys/);
  });
});
