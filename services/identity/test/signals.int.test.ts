import { randomUUID } from 'node:crypto';
import { identity, systemMetadata } from '@sais/events';
import { kafkaBrokers, platformForTest } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bursts } from '../src/signals/signals.ts';
import { Accounts, identityService } from '../src/index.ts';
import { client, multipart, png } from './support.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- evidence is read as the service gives it
type Signal = { id: string; kind: string; accountIds: string[]; status: string; evidence: any };

describe('identity signals: one document behind two accounts, many accounts from one address', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let seq = 0;

  async function person(roles: 'operator'[] = []) {
    seq += 1;
    const { db } = harness.platform.database;
    const accounts = new Accounts(
      db,
      harness.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    );
    const username = `sig${seq}x${Date.now() % 100000}`;
    const accountId = await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles },
      systemMetadata(),
    );
    const web = client(harness.platform.app);
    return { web, accountId, username };
  }

  /** Signs in from `address` (the socket's: no proxy is trusted here). */
  const signInFrom = (who: Awaited<ReturnType<typeof person>>, address: string) =>
    who.web.raw({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: who.username, password: 'Secret1234' },
      remoteAddress: address,
    });

  const list = (web: ReturnType<typeof client>, filter: object) =>
    web.raw({
      method: 'GET',
      url: `/api/admin/identity-signals?${new URLSearchParams({ filter: JSON.stringify(filter) })}`,
    });

  beforeAll(async () => {
    harness = await platformForTest([identityService], 'idsignals', {
      env: { KAFKA_BROKERS: kafkaBrokers().join(','), KAFKA_TOPIC_PREFIX: `i${randomUUID().slice(0, 8)}.` },
    });
  });
  afterAll(() => harness.close());

  it('finds one identity document behind two accounts (by keyed digest of the normalised number)', async () => {
    const operator = await person(['operator']);
    await operator.web.post('/api/user/login', { username: operator.username, password: 'Secret1234' });
    const [first, second, other] = [await person(), await person(), await person()];
    const photo = { name: 'front.png', type: 'image/png', bytes: png };
    for (const [who, number] of [
      [first, '11010519491231002X'],
      [second, ' 11010519491231002x '],
      [other, '110101199003070011'],
    ] as const) {
      await who.web.post('/api/user/login', { username: who.username, password: 'Secret1234' });
      const { payload, contentType } = multipart(
        { name: '张三', certificateType: 'id-card', certificateNumber: number },
        { front: photo, back: photo },
      );
      const response = await who.web.raw({
        method: 'POST',
        url: '/api/user/submitAuthentication',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(response.body.code).toBe(0);
    }
    expect((await list(first.web, {})).status).toBe(403);
    const found = await list(operator.web, { kind: 'shared-document' });
    expect(found.headers['content-range']).toBe('identity-signals 0-0/1');
    const [signal] = found.body.data as Signal[];
    expect(signal!.accountIds).toEqual([first.accountId, second.accountId].sort());
    // Words, not ids: each account's username beside its id.
    expect((signal as Signal & { accountNames: Record<string, string> }).accountNames).toEqual({
      [first.accountId]: first.username,
      [second.accountId]: second.username,
    });
    expect(JSON.stringify(signal)).not.toMatch(/11010519491231002X/i);
    expect(
      signal!.evidence.verifications.map((v: { certificateNumber: string }) => v.certificateNumber),
    ).toEqual(['1101***********02X', '1101***********02X']);
    expect((await list(operator.web, { accountId: other.accountId })).body.data).toEqual([]);

    const confirmed = await operator.web.post(`/api/admin/identity-signals/${signal!.id}/confirm`, {
      reason: 'same person, two accounts',
    });
    expect(confirmed.body.data).toMatchObject({
      status: 'confirmed',
      decision: { reason: 'same person, two accounts' },
    });
    const again = await operator.web.post(`/api/admin/identity-signals/${signal!.id}/dismiss`, {
      reason: 'x',
    });
    expect(again.body.code).toBe(10061);
    const [event] = await harness.platform.stores
      .get('identity')!
      .readStream(`identity-signal-${signal!.id}`);
    expect(event).toMatchObject({
      type: identity.IdentitySignalDecided.type,
      data: { decision: 'confirmed', accountIds: signal!.accountIds },
    });
  });

  it('finds five accounts signing in from one address within ten minutes, not four', async () => {
    const operator = await person(['operator']);
    await operator.web.post('/api/user/login', { username: operator.username, password: 'Secret1234' });
    const crowd = [await person(), await person(), await person(), await person(), await person()];
    for (const who of crowd) expect((await signInFrom(who, '203.0.113.9')).body.code).toBe(0);
    for (const who of crowd.slice(0, 4)) expect((await signInFrom(who, '198.51.100.4')).body.code).toBe(0);

    const found = (await list(operator.web, { kind: 'shared-address' })).body.data as Signal[];
    const addresses = found.map((s) => s.evidence.address);
    expect(addresses).toContain('203.0.113.9');
    expect(addresses).not.toContain('198.51.100.4');
    const signal = found.find((s) => s.evidence.address === '203.0.113.9')!;
    expect(signal.accountIds).toEqual(crowd.map((c) => c.accountId).sort());
    expect(signal.evidence.signIns).toHaveLength(5);
    const dismissed = await operator.web.post(`/api/admin/identity-signals/${signal.id}/dismiss`, {
      reason: 'university lab behind one NAT',
    });
    expect(dismissed.body.data.status).toBe('dismissed');
    const open = (await list(operator.web, { kind: 'shared-address', status: 'open' })).body.data as Signal[];
    expect(open.map((s) => s.id)).not.toContain(signal.id);
  });

  it('merges overlapping windows into one burst and splits bursts further apart than the window', () => {
    const at = (minute: number, account: string) => ({
      account_id: account,
      created_at: new Date(minute * 60_000),
    });
    const sessions = [
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((account, i) => at(i * 2, account)),
      ...['a', 'b', 'c', 'd', 'e'].map((account, i) => at(100 + i, account)),
      ...['a', 'b', 'c', 'd', 'e'].map((account, i) => at(200 + i * 4, account)),
    ];
    expect(bursts(sessions).map((b) => [b.from.getTime() / 60_000, b.to.getTime() / 60_000])).toEqual([
      [0, 10],
      [100, 104],
    ]);
  });
});
