import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { team as T } from '@sais/events';
import { AccountClosures, Accounts, Sessions } from '@sais/identity';
import type { Db } from '@sais/kit/db';
import { replayProjection } from '@sais/kit/projections';
import { projectionSources, verifyReadModels } from '@sais/kit/platform';
import { WorkingDayCalendar } from '@sais/kit/calendar';
import { client, multipart, png } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, projectionsOf, scoringHarness, system, waitFor } from './support.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Every base table of every schema, as text per row: where a personal value could still be read. */
async function tablesHolding(db: Db, needle: string): Promise<string[]> {
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(db);
  const found: string[] = [];
  for (const { schema, name } of tables.rows) {
    const hits = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${schema}.${name}`)} t
      where t::text ilike ${`%${needle}%`}`.execute(db);
    if (hits.rows[0]!.n > 0) found.push(`${schema}.${name}`);
  }
  return found;
}

/**
 * Issue 17 / spec §9: an account is closed, and 90 working days later its personal data is deleted by
 * destroying its key. Afterwards none of it can be read from any table of any schema (events included),
 * the hash chains still verify, boards show a deleted user, and other accounts are untouched.
 */
describe('account closure and deletion of personal data (crypto-shredding)', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let closures: AccountClosures;
  let competitionId: string;
  let alice: Awaited<ReturnType<typeof h.participant>>;
  let bob: Awaited<ReturnType<typeof h.participant>>;
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    h = await scoringHarness();
    const identity = h.platform.stores.get('identity')!;
    const sessions = new Sessions(h.db, identity);
    const accounts = new Accounts(h.db, identity, sessions, undefined as never);
    // 2026 as shipped, and a test year 2027 (weekends only) so that 90 working days can be counted.
    const shipped = await WorkingDayCalendar.load({});
    const calendar = new WorkingDayCalendar({
      years: {
        2026: { holidays: ['2026-10-01', '2026-10-02', '2026-12-31'], workdays: [] },
        2027: { holidays: ['2027-01-01'], workdays: [] },
      },
    });
    expect(shipped.isWorkingDay('2026-10-01')).toBe(false);
    closures = new AccountClosures(h.db, accounts, sessions, identity.personal!, calendar);

    competitionId = await h.competition(csv((i) => i * 5));
    alice = await h.participant(competitionId);
    bob = await h.participant(competitionId);
    Object.assign(secrets, {
      username: alice.username,
      email: `${alice.username}@example.org`,
      phone: '13912345678',
      nickname: 'Alicewonder',
      organization: 'Zephyrine Institute',
      address: '42 Quokka Lane',
      name: '王小蕾',
      certificate: '11010519491231002X',
    });
    // Profile, phone, a sign-in code to her email, a real-name verification with photos.
    expect(
      (
        await alice.web.post('/api/user/update', {
          nickname: secrets.nickname,
          organization: secrets.organization,
          address: secrets.address,
          countryRegion: 'China',
        })
      ).body.code,
    ).toBe(0);
    await h.db.transaction().execute(async (trx) => {
      await sql`insert into identity.account_keys (kind, value, account_id)
        values ('phone', ${secrets.phone}, ${alice.accountId})`.execute(trx);
      await accounts.execute(
        trx,
        alice.accountId,
        { type: 'ChangeContact', channel: 'phone', value: secrets.phone! },
        system(),
      );
    });
    await client(h.platform.app).post('/api/code/sendEmailCode', { email: secrets.email, mode: 0 });
    const { payload, contentType } = multipart(
      { name: secrets.name!, certificateType: 'id-card', certificateNumber: secrets.certificate! },
      {
        front: { name: 'front.png', type: 'image/png', bytes: png },
        back: { name: 'back.png', type: 'image/png', bytes: png },
      },
    );
    const verification = await alice.web.raw({
      method: 'POST',
      url: '/api/user/submitAuthentication',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(verification.body.code).toBe(0);
    // Alice asks to join Bob's team (Bob's inbox names her); both submit.
    const teamId = randomUUID();
    await h.platform.stores.get('team')!.append(
      T.TeamCreated.aggregate,
      `team-${teamId}`,
      'no_stream',
      [
        {
          type: T.TeamCreated.type,
          data: { teamId, competitionId, ownerId: bob.accountId, name: 'Quasars' },
        },
        {
          type: T.JoinRequested.type,
          data: {
            teamId,
            competitionId,
            applicationId: randomUUID(),
            accountId: alice.accountId,
            ownerId: bob.accountId,
            teamName: 'Quasars',
          },
        },
      ],
      system(),
    );
    await h.submit(
      alice.web,
      competitionId,
      csv((i) => i * 5 + 1),
    );
    await h.submit(
      bob.web,
      competitionId,
      csv((i) => i * 5 + 2),
    );
    await h.board(competitionId, (d) => d.total === 2);
    await waitFor(
      async () => (await bob.web.get('/api/notify/page')).body.data.records,
      (records: { title: string }[]) => records.some((r) => r.title === 'New join application'),
      'the join application in Bob’s inbox',
    );
    // Before: the values are in the platform's tables (sealed in the events, plain in identity's own).
    expect(await tablesHolding(h.db, secrets.organization!)).toEqual(['team.accounts', 'scoring.people']);
  });
  afterAll(() => h?.close());

  it('stores personal fields of events sealed: no event table holds them in the clear', async () => {
    for (const value of Object.values(secrets))
      expect((await tablesHolding(h.db, value)).filter((table) => table.endsWith('.events'))).toEqual([]);
    const [registered] = await h.platform.stores.get('identity')!.readStream(`account-${alice.accountId}`);
    expect(registered!.data).toMatchObject({ username: secrets.username, email: secrets.email });
    const stored = await sql<{ data: { username: string }; version: number }>`select data, version
      from identity.events where stream_id = ${`account-${alice.accountId}`} and stream_version = 1`.execute(
      h.db,
    );
    expect(stored.rows[0]).toMatchObject({ version: 2, data: { username: expect.stringMatching(/^pd1\./) } });
  });

  it('a holder closes the account with the password: sessions end, sign-in is refused', async () => {
    expect((await alice.web.post('/api/user/close', { password: 'wrong1234' })).body.code).toBe(10020);
    const closed = await alice.web.post('/api/user/close', { password: 'secret123' });
    expect(closed.body).toMatchObject({
      code: 0,
      // The day, once the shipped holiday list reaches that far (it ends with 2026: then null, said so).
      data: {
        closedAt: expect.any(String),
        deleteAfter: expect.toSatisfy((day) => day === null || /^\d{4}-\d\d-\d\d$/.test(String(day))),
      },
    });
    expect((await alice.web.get('/api/user/detail')).body.code).toBe(401);
    const again = await client(h.platform.app).post('/api/user/login', {
      username: alice.username,
      password: 'secret123',
    });
    expect(again.body).toMatchObject({ code: 10070, message: 'This account has been closed' });
    // Nothing is deleted before its day: 90 working days after the closing day.
    expect(await closures.sweep(new Date(Date.now() + 30 * 86_400_000))).toEqual([]);
  });

  it('deletes the personal data 90 working days later: nothing of it can be read anywhere', async () => {
    const deleted = await closures.sweep(new Date(Date.now() + 200 * 86_400_000));
    expect(deleted).toEqual([alice.accountId]);
    // Mirrors take the deletion from the AccountDeleted event (Kafka).
    await waitFor(
      () =>
        sql<{
          deleted: boolean;
        }>`select deleted from scoring.people where account_id = ${alice.accountId}`.execute(h.db),
      (r) => r.rows[0]?.deleted === true,
      'the people mirror',
    );
    await waitFor(
      () =>
        sql<{
          deleted: boolean;
        }>`select deleted from team.accounts where account_id = ${alice.accountId}`.execute(h.db),
      (r) => r.rows[0]?.deleted === true,
      'the accounts mirror',
    );
    for (const [field, value] of Object.entries(secrets))
      expect(await tablesHolding(h.db, value), `${field} "${value}"`).toEqual([]);
    // Her events are still there, their personal fields unreadable.
    const events = await h.platform.stores.get('identity')!.readStream(`account-${alice.accountId}`);
    expect(events.map((e) => e.type)).toContain('identity.AccountDeleted');
    expect(events[0]!.data).toMatchObject({ username: null, email: null });
  });

  it('the hash chains still verify (events:verify), and the read models match the events', async () => {
    for (const store of h.platform.stores.values()) expect(await store.verify()).toMatchObject({ ok: true });
    // The command-line tool beside the running platform: on PostgreSQL only, as the embedded database is
    // one process's at a time (read-models-embedded.int.test.ts runs it on a stopped embedded platform).
    if (h.databaseUrl) {
      const { stdout } = await run('npm', ['run', '--silent', 'events:verify'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: h.databaseUrl, SAIS_KEYS_DIR: h.keysDir },
      });
      expect(stdout).toMatch(/identity: ok, \d+ events/);
    }
    const projections = projectionsOf(h);
    const result = await verifyReadModels(
      h.db,
      projections,
      (p) => projectionSources(h.db, h.platform.stores, p),
      { personal: h.platform.stores.get('identity')!.personal },
    );
    expect(result.projections.filter((p) => !p.ok)).toEqual([]);
  }, 120_000);

  it('boards show a deleted user; Bob is untouched; his inbox names a deleted user', async () => {
    const board = async (language: string) =>
      (await client(h.platform.app, language).get('/api/leaderboard/public', { competitionId })).body.data
        .records as { teamId: string; participants: string[] }[];
    const aliceRow = (records: { teamId: string; participants: string[] }[]) =>
      records.find((r) => r.teamId === alice.accountId)?.participants;
    // The deletion reaches the board's page cache through the leaderboard projection (Kafka).
    await waitFor(
      () => board('en'),
      (records) => aliceRow(records)?.[0] === 'Deleted user',
      'the board',
    );
    expect(aliceRow(await board('en'))).toEqual(['Deleted user']);
    expect(aliceRow(await board('zh-CN'))).toEqual(['已注销用户']);
    // Bob owns team Quasars: his row is the team's.
    expect((await board('en')).find((r) => r.participants.includes(bob.username))?.participants).toEqual([
      bob.username,
    ]);

    const detail = await bob.web.get('/api/user/detail');
    expect(detail.body.data).toMatchObject({ username: bob.username, email: `${bob.username}@example.org` });
    const inbox = (await bob.web.get('/api/notify/page')).body.data.records as {
      notifyId: string;
      title: string;
    }[];
    const application = inbox.find((r) => r.title === 'New join application')!;
    const message = await bob.web.get('/api/notify/detail', { notifyId: application.notifyId });
    expect(message.body.data.content).toBe('Deleted user applied to join your team Quasars.');
    expect((await alice.web.get('/api/notify/page')).body.code).toBe(401);
  });

  it('read models rebuilt after the deletion show the same', async () => {
    const personal = h.platform.stores.get('identity')!.personal;
    for (const projection of projectionsOf(h).filter((p) =>
      ['scoring.people', 'team.accounts', 'identity.inbox', 'scoring.leaderboard'].includes(p.name),
    ))
      await replayProjection(
        h.db,
        projection,
        await projectionSources(h.db, h.platform.stores, projection),
        undefined,
        {
          personal,
        },
      );
    for (const [field, value] of Object.entries(secrets))
      expect(await tablesHolding(h.db, value), `${field} after replays`).toEqual([]);
    const rows = await sql<{
      username: string;
      deleted: boolean;
    }>`select username, deleted from scoring.people
      where account_id = ${alice.accountId}`.execute(h.db);
    expect(rows.rows).toEqual([{ username: '', deleted: true }]);
    const board = (await client(h.platform.app).get('/api/leaderboard/public', { competitionId })).body.data;
    expect(board.records.find((r: { teamId: string }) => r.teamId === alice.accountId).participants).toEqual([
      'Deleted user',
    ]);
  });
});
