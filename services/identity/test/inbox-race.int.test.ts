import { systemMetadata } from '@sais/events';
import { client, platformForTest } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, identityService } from '../src/index.ts';

/**
 * Opening messages marks them read with an event on the reader's inbox stream. A reader who opens
 * several at once (two tabs, a client fetching the list's messages side by side) raced on that stream's
 * next version: one answer was a conflict with no message. Each open must answer its message, and each
 * message be read exactly once in the events, whatever the interleaving. Both modes.
 */
describe.each([
  ['PostgreSQL + Kafka', false],
  ['the embedded default (npm start)', true],
])('opening inbox messages side by side, on %s', (_mode, embedded) => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;

  beforeAll(async () => {
    harness = await platformForTest([identityService], 'inboxrace', { embedded });
  });
  afterAll(async () => harness?.close());

  it('answers every open with its message and records each message read once', async () => {
    const username = `race${100_000 + (Date.now() % 900_000)}`;
    const accounts = new Accounts(
      harness.platform.database.db,
      harness.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    );
    const accountId = await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles: [] },
      systemMetadata(),
    );
    const web = client(harness.platform.app, 'en');
    expect((await web.post('/api/user/login', { username, password: 'Secret1234' })).body.code).toBe(0);
    // Each access token made is noted in its holder's inbox: six messages.
    for (let i = 0; i < 6; i++)
      expect(
        (await web.post('/api/user/tokens/create', { name: `t${i}`, scopes: ['read'], expiresInDays: 30 }))
          .body.code,
      ).toBe(0);
    let ids: string[] = [];
    await expect
      .poll(async () => {
        const page = await web.get('/api/notify/page', { page: '1', pageSize: '20' });
        ids = page.body.data.records.map((record: { notifyId: string }) => record.notifyId);
        return ids.length;
      })
      .toBe(6);
    // All six at once, and the first two twice more.
    const opens = [...ids, ids[0]!, ids[1]!, ids[0]!];
    const answers = await Promise.all(opens.map((notifyId) => web.get('/api/notify/detail', { notifyId })));
    for (const [index, answer] of answers.entries()) {
      expect(answer.status, `open ${index}`).toBe(200);
      expect(answer.body).toMatchObject({ code: 0, data: { notifyId: opens[index] } });
    }
    const reads = await sql<{ message_id: string; n: number }>`
      select data->>'messageId' as message_id, count(*)::int as n from identity.events
      where stream_id = ${`inbox-${accountId}`} and type = 'identity.MessageRead'
      group by 1`.execute(harness.platform.database.db);
    expect(Object.fromEntries(reads.rows.map((row) => [row.message_id, row.n]))).toEqual(
      Object.fromEntries(ids.map((id) => [id, 1])),
    );
    const unread = await web.get('/api/notify/page', { page: '1', pageSize: '20' });
    expect(unread.body.data.unread).toBe(0);
  });
});
