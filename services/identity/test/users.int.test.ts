import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { kafkaBrokers, platformForTest } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, identityService } from '../src/index.ts';
import { client } from './support.ts';
import { systemMetadata } from '@sais/events';

type Web = ReturnType<typeof client>;
type User = { id: string; username: string; roles: string[]; status: string; disabledReason: string | null };

/** The console's user resource `/api/admin/users` on real PostgreSQL and Kafka. */
describe('operators list and disable accounts; admins grant and revoke roles', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let seq = 0;
  const tag = `u${Date.now() % 100000}`;
  const people: Record<string, { web: Web; id: string; username: string }> = {};

  async function person(name: string, roles: ('operator' | 'admin' | 'auditor')[] = []) {
    seq += 1;
    const username = `${tag}${name}${seq}`;
    const accounts = new Accounts(
      harness.platform.database.db,
      harness.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    );
    const system = systemMetadata();
    const id = await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles },
      system,
    );
    const web = client(harness.platform.app);
    expect((await web.post('/api/user/login', { username, password: 'Secret1234' })).body.code).toBe(0);
    people[name] = { web, id, username };
    return people[name]!;
  }

  const list = (web: Web | null, query: Record<string, unknown> = {}) =>
    (web ?? client(harness.platform.app)).raw({
      method: 'GET',
      url: `/api/admin/users?${new URLSearchParams(
        Object.entries(query).map(([key, value]): [string, string] => [key, JSON.stringify(value)]),
      )}`,
    });

  beforeAll(async () => {
    harness = await platformForTest([identityService], 'users', {
      env: { KAFKA_BROKERS: kafkaBrokers().join(','), KAFKA_TOPIC_PREFIX: `u${randomUUID().slice(0, 8)}.` },
    });
    await person('op', ['operator']);
    await person('admin', ['admin']);
    await person('aud', ['auditor']);
    await person('alice');
    await person('bob');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lists with sort, range, filter {q, role, status} and Content-Range', async () => {
    const op = people.op!.web;
    const mine = await list(op, { filter: { q: tag }, sort: ['username', 'ASC'] });
    expect(mine.status).toBe(200);
    expect(mine.headers['content-range']).toBe('users 0-4/5');
    expect((mine.body.data as User[]).map((u) => u.username)).toEqual(
      ['admin', 'alice', 'aud', 'bob', 'op'].map((n) => people[n]!.username).sort(),
    );
    const page = await list(op, { filter: { q: tag }, sort: ['registeredAt', 'ASC'], range: [1, 2] });
    expect(page.headers['content-range']).toBe('users 1-2/5');
    expect((page.body.data as User[]).map((u) => u.username)).toEqual([
      people.admin!.username,
      people.aud!.username,
    ]);
    const auditors = await list(op, { filter: { q: tag, role: 'auditor' } });
    expect((auditors.body.data as User[]).map((u) => u.username)).toEqual([people.aud!.username]);
    expect((auditors.body.data as User[])[0]).toMatchObject({
      roles: ['participant', 'auditor'],
      status: 'active',
    });
    expect((await list(op, { sort: ['password', 'ASC'] })).status).toBe(400);
    expect((await list(op, { filter: { role: 'king' } })).status).toBe(400);
  });

  it('refuses participants (403) and the signed out (401); role grants are for admins only', async () => {
    expect((await list(people.alice!.web)).status).toBe(403);
    expect((await list(null)).status).toBe(401);
    const byOperator = await people.op!.web.post(`/api/admin/users/${people.bob!.id}/grant`, {
      role: 'reviewer',
    });
    expect(byOperator.status).toBe(403);
  });

  it('an admin grants and revokes a role; each is an event and takes effect at once', async () => {
    const admin = people.admin!.web;
    const bob = people.bob!;
    expect((await list(bob.web)).status).toBe(403);
    const granted = await admin.post(`/api/admin/users/${bob.id}/grant`, { role: 'operator' });
    expect(granted.body.data.roles).toEqual(['participant', 'operator']);
    expect((await list(bob.web)).status).toBe(200);
    const revoked = await admin.post(`/api/admin/users/${bob.id}/revoke`, { role: 'operator' });
    expect(revoked.body.data.roles).toEqual(['participant']);
    expect((await list(bob.web)).status).toBe(403);
    expect((await admin.post(`/api/admin/users/${bob.id}/grant`, { role: 'participant' })).status).toBe(400);
    const own = await admin.post(`/api/admin/users/${people.admin!.id}/revoke`, { role: 'admin' });
    expect(own.body.code).toBe(10051);
    const events = await harness.platform.stores.get('identity')!.readStream(`account-${bob.id}`);
    expect(events.slice(-2).map((e) => [e.type, e.actor.role])).toEqual([
      ['identity.RoleGranted', 'admin'],
      ['identity.RoleRevoked', 'admin'],
    ]);
  });

  it('a disabled account loses its sessions and cannot sign in until enabled again', async () => {
    const op = people.op!.web;
    const alice = people.alice!;
    expect((await alice.web.get('/api/user/detail')).body.code).toBe(0);
    const noReason = await op.post(`/api/admin/users/${alice.id}/disable`, {});
    expect(noReason.body).toMatchObject({
      code: 10050,
      message: 'Please give a reason for disabling the account',
    });
    expect((await op.post(`/api/admin/users/${people.op!.id}/disable`, { reason: 'x' })).body.code).toBe(
      10051,
    );
    const disabled = await op.post(`/api/admin/users/${alice.id}/disable`, {
      reason: 'Two accounts, one person',
    });
    expect(disabled.body.data).toMatchObject({
      status: 'disabled',
      disabledReason: 'Two accounts, one person',
    });
    expect((await alice.web.get('/api/user/detail')).status).toBe(401);
    const again = client(harness.platform.app);
    const refused = await again.post('/api/user/login', { username: alice.username, password: 'Secret1234' });
    expect(refused.body.code).toBe(10007);
    const disabledList = await list(op, { filter: { q: tag, status: 'disabled' } });
    expect((disabledList.body.data as User[]).map((u) => u.id)).toEqual([alice.id]);
    // From the table: `readAll` only sees transactions older than every running one in the cluster,
    // which other test files running at the same time can hold back.
    const ended = await sql<{ reason: string }>`select data->>'reason' as reason from identity.events
      where type = 'identity.SessionRevoked'`.execute(harness.platform.database.db);
    expect(ended.rows.map((row) => row.reason)).toContain('account-disabled');

    expect((await op.post(`/api/admin/users/${alice.id}/enable`, {})).body.data.status).toBe('active');
    expect(
      (await again.post('/api/user/login', { username: alice.username, password: 'Secret1234' })).body.code,
    ).toBe(0);
  });

  it('an operator cannot disable, enable or demote an admin or other staff; the last admin stays', async () => {
    const op = people.op!.web;
    for (const target of [people.admin!, people.aud!]) {
      const refused = await op.post(`/api/admin/users/${target.id}/disable`, { reason: 'overruled' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 10052,
        message: 'Only an administrator can disable a staff account or change staff roles',
      });
      expect((await op.post(`/api/admin/users/${target.id}/enable`, {})).body.code).toBe(10052);
    }
    expect((await op.post(`/api/admin/users/${people.admin!.id}/revoke`, { role: 'admin' })).status).toBe(
      403,
    );
    // The admin is untouched: still signed in, still an admin, no event on its stream.
    expect((await people.admin!.web.get('/api/user/detail')).body.code).toBe(0);
    const adminEvents = await harness.platform.stores
      .get('identity')!
      .readStream(`account-${people.admin!.id}`);
    expect(adminEvents.map((e) => e.type)).not.toContain('identity.AccountDisabled');
    expect(adminEvents.map((e) => e.type)).not.toContain('identity.RoleRevoked');

    // An admin may disable staff; the sole admin can neither disable nor demote itself.
    const admin = people.admin!.web;
    const aud = await admin.post(`/api/admin/users/${people.aud!.id}/disable`, { reason: 'left the team' });
    expect(aud.body.data.status).toBe('disabled');
    expect((await admin.post(`/api/admin/users/${people.aud!.id}/enable`, {})).body.data.status).toBe(
      'active',
    );
    expect(
      (await admin.post(`/api/admin/users/${people.admin!.id}/disable`, { reason: 'x' })).body.code,
    ).toBe(10051);
    // An unknown account is a 404, whatever the action.
    const nobody = '0b4f6a8e-0000-4000-8000-00000000dead';
    expect((await admin.post(`/api/admin/users/${nobody}/disable`, { reason: 'x' })).status).toBe(404);
    expect((await admin.post(`/api/admin/users/${nobody}/grant`, { role: 'reviewer' })).status).toBe(404);
    const still = await admin.get(`/api/admin/users/${people.admin!.id}`);
    expect(still.body.data).toMatchObject({ status: 'active', roles: ['participant', 'admin'] });
  });

  it('two admins taking each other’s admin role at the same instant leave one admin', async () => {
    const first = people.admin!;
    const second = await person('admin2', ['admin']);
    const answers = await Promise.all([
      first.web.post(`/api/admin/users/${second.id}/revoke`, { role: 'admin' }),
      second.web.post(`/api/admin/users/${first.id}/revoke`, { role: 'admin' }),
    ]);
    const codes = answers.map((answer) => answer.body.code).sort((a, b) => a - b);
    // One wins; the other finds either that it is no admin any more (403) or that the target is the last (10053).
    expect(codes[0]).toBe(0);
    expect([403, 10053]).toContain(codes[1]);
    const remaining = await list(people.op!.web, { filter: { role: 'admin', status: 'active' } });
    expect(remaining.headers['content-range']).toMatch(/\/1$/);
  });

  it('names accounts for any staff member (the audit API shows them sealed) and finds them by name', async () => {
    // The auditor's session ended when an admin disabled it above: the operator asks.
    const { alice, bob, op } = people;
    const names = await op!.web.raw({
      method: 'GET',
      url: `/api/admin/names/accounts?id=${alice!.id}&id=${bob!.id}`,
    });
    expect(names.body.data).toEqual({ [alice!.id]: alice!.username, [bob!.id]: bob!.username });
    const found = await op!.web.get('/api/admin/names/search', { q: alice!.username.slice(-6) });
    expect(found.body.data).toContainEqual({ id: alice!.id, username: alice!.username });
    // Participants may not ask.
    expect((await bob!.web.get('/api/admin/names/search', { q: 'alice' })).status).toBe(403);
  });
});
