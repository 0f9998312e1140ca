import { randomUUID } from 'node:crypto';
import { kafkaBrokers, platformForTest } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, identityService } from '../src/index.ts';
import { client, multipart, png, signUp, startMailbox } from './support.ts';

const idCard = '11010519491231002X';
type Web = ReturnType<typeof client>;
type Row = { id: string; status: string; submittedAt: string };

describe('the console admin resource /api/admin/verifications (through real Kafka)', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let seq = 0;
  let reviewer: Web;
  const people: { web: Web; username: string; verificationId: string }[] = [];

  async function participant() {
    seq += 1;
    return signUp(harness.platform.app, mailbox.mails, `adm${seq}x${Date.now() % 100000}`);
  }

  async function staff(roles: ('reviewer' | 'operator' | 'admin')[]) {
    const store = harness.platform.stores.get('identity')!;
    const { db } = harness.platform.database;
    const accounts = new Accounts(db, store, undefined as never, undefined as never);
    seq += 1;
    const username = `${roles[0]}${seq}${Date.now() % 100000}`;
    await accounts.createStaff(
      { username, email: `${username}@staff.org`, password: 'Staff1234', roles },
      {
        actor: { userId: null, role: 'system' },
        correlationId: randomUUID(),
        causationId: null,
      },
    );
    const web = client(harness.platform.app);
    expect((await web.post('/api/user/login', { username, password: 'Staff1234' })).body.code).toBe(0);
    return { web, username };
  }

  async function submitted() {
    const { web, username } = await participant();
    const photo = { name: 'f.png', type: 'image/png', bytes: png };
    const { payload, contentType } = multipart(
      { name: '张三', certificateType: 'id-card', certificateNumber: idCard },
      { front: photo, back: photo },
    );
    const response = await web.raw({
      method: 'POST',
      url: '/api/user/submitAuthentication',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(response.body).toMatchObject({ code: 0 });
    const person = { web, username, verificationId: response.body.data.verificationId as string };
    people.push(person);
    return person;
  }

  const list = (web: Web, query: { sort?: unknown; range?: unknown; filter?: unknown } = {}) =>
    web.raw({
      method: 'GET',
      url: `/api/admin/verifications?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, JSON.stringify(value)]))}`,
    });

  const checks = ['armAndUpperBodyVisible', 'faceUnobstructed', 'detailsClear'];
  /** A reviewer's approval as the console makes it: every photo opened, the number read, each rule ticked. */
  async function approveAs(web: Web, verificationId: string, certificateNumber = idCard) {
    for (const index of [0, 1])
      await web.raw({
        method: 'GET',
        url: `/api/user/review/photo?verificationId=${verificationId}&index=${index}`,
      });
    return web.post(`/api/admin/verifications/${verificationId}/approve`, { certificateNumber, checks });
  }

  /** Waits for the projection (fed through Kafka) to deliver the first message. */
  async function inboxOf(web: Web) {
    let inbox = (await web.get('/api/notify/page')).body.data;
    // The page reads the rows and the counts in two queries: wait for the rows themselves.
    for (let i = 0; i < 100 && inbox.records.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      inbox = (await web.get('/api/notify/page')).body.data;
    }
    return inbox;
  }

  beforeAll(async () => {
    mailbox = await startMailbox();
    harness = await platformForTest([identityService], 'admin', {
      env: {
        SMTP_URL: mailbox.url,
        KAFKA_BROKERS: kafkaBrokers().join(','),
        KAFKA_TOPIC_PREFIX: `a${randomUUID().slice(0, 8)}.`,
      },
    });
    reviewer = (await staff(['reviewer'])).web;
    for (let i = 0; i < 3; i++) await submitted();
  });
  afterAll(async () => {
    await harness?.close();
    await mailbox?.close();
  });

  it("records a staff member's sign-in in their staff role, a participant's as a participant (issue 35)", async () => {
    const { username } = await staff(['reviewer', 'operator']);
    const { username: plain } = await participant();
    const roleOfSignIn = async (name: string) => {
      const rows = await sql<{ role: string }>`select e.metadata->'actor'->>'role' as role
        from identity.events e join identity.account_keys k on k.account_id::text = e.metadata->'actor'->>'userId'
        where e.type = 'identity.SessionStarted' and k.kind = 'username' and k.value = ${name}`.execute(
        harness.platform.database.db,
      );
      return rows.rows.map((row) => row.role);
    };
    expect(await roleOfSignIn(username)).toEqual(['operator']);
    expect((await roleOfSignIn(plain)).every((role) => role === 'participant')).toBe(true);
    expect(await roleOfSignIn(plain)).not.toEqual([]);
  });

  it('lists the pending queue oldest first, in ra-data-simple-rest form with Content-Range', async () => {
    const all = await list(reviewer);
    expect(all.status).toBe(200);
    expect(all.headers['content-range']).toBe('verifications 0-2/3');
    expect(all.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(all.body.code).toBe(0);
    const rows: Row[] = all.body.data;
    expect(rows.map((row) => row.id)).toEqual(people.map((person) => person.verificationId));
    expect(rows[0]).toMatchObject({
      userId: expect.any(String),
      username: people[0]!.username,
      name: '张三',
      certificateType: 'id-card',
      certificateNumber: '1101***********02X',
      status: 'processing',
      reviewer: null,
      reason: null,
      photoCount: 2,
    });

    const page = await list(reviewer, {
      sort: ['submittedAt', 'ASC'],
      range: [1, 1],
      filter: { status: 'processing' },
    });
    expect(page.headers['content-range']).toBe('verifications 1-1/3');
    expect(page.body.data.map((row: Row) => row.id)).toEqual([people[1]!.verificationId]);

    const newest = await list(reviewer, { sort: ['submittedAt', 'DESC'], range: [0, 9] });
    expect(newest.body.data.map((row: Row) => row.id)).toEqual(
      people.map((person) => person.verificationId).reverse(),
    );

    const byIds = await list(reviewer, {
      filter: { id: [people[2]!.verificationId, people[0]!.verificationId] },
    });
    expect(byIds.body.data.map((row: Row) => row.id)).toEqual([
      people[0]!.verificationId,
      people[2]!.verificationId,
    ]);

    const none = await list(reviewer, { filter: { status: 'approved' } });
    expect(none.headers['content-range']).toBe('verifications 0-0/0');
    expect(none.body.data).toEqual([]);

    expect((await list(reviewer, { filter: { status: 'maybe' } })).status).toBe(400);
    expect(
      (await reviewer.raw({ method: 'GET', url: '/api/admin/verifications?range=not-json' })).status,
    ).toBe(400);
  });

  it('shows one verification with its photo count; photos come from the recorded photo call', async () => {
    const { verificationId, username } = people[0]!;
    const one = await reviewer.get(`/api/admin/verifications/${verificationId}`);
    expect(one.body).toMatchObject({
      code: 0,
      data: { id: verificationId, username, status: 'processing', photoCount: 2 },
    });
    expect((await reviewer.get(`/api/admin/verifications/${randomUUID()}`)).body.code).toBe(404);

    // The console shows both photos at once: simultaneous views are all served and all recorded.
    const photos = await Promise.all(
      [0, 1, 0, 1].map((index) =>
        reviewer.raw({
          method: 'GET',
          url: `/api/user/review/photo?verificationId=${verificationId}&index=${index}`,
        }),
      ),
    );
    expect(photos.map((photo) => photo.status)).toEqual([200, 200, 200, 200]);
    for (const photo of photos) expect(Buffer.compare(photo.rawPayload, png)).toBe(0);
    const views = await sql<{
      n: number;
    }>`select count(*)::int as n from identity.events where type = 'identity.IdentityDocumentViewed'
      and data->>'verificationId' = ${verificationId}`.execute(harness.platform.database.db);
    expect(views.rows[0]!.n).toBe(4);
  });

  it('refuses participants and operators (403) and signed-out callers (401)', async () => {
    const { verificationId, web } = people[1]!;
    const operator = (await staff(['operator'])).web;
    const anonymous = client(harness.platform.app);
    for (const caller of [web, operator]) {
      const listed = await list(caller);
      expect(listed.status).toBe(403);
      expect(listed.body).toMatchObject({ code: 403, message: 'You do not have permission for this action' });
      expect((await caller.get(`/api/admin/verifications/${verificationId}`)).status).toBe(403);
      expect((await caller.post(`/api/admin/verifications/${verificationId}/approve`, {})).status).toBe(403);
      expect(
        (await caller.post(`/api/admin/verifications/${verificationId}/reject`, { reason: 'no' })).status,
      ).toBe(403);
    }
    const signedOut = await list(anonymous);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ code: 401, message: 'Please sign in first' });
    expect((await anonymous.post(`/api/admin/verifications/${verificationId}/approve`, {})).status).toBe(401);
    expect((await reviewer.get(`/api/admin/verifications/${verificationId}`)).body.data.status).toBe(
      'processing',
    );
  });

  it('rejects with a reason (a reason is required), and the participant reads it in the inbox', async () => {
    const { verificationId, web } = people[0]!;
    const without = await reviewer.post(`/api/admin/verifications/${verificationId}/reject`, {});
    expect(without.body).toMatchObject({ code: 400, message: 'Please give a reason for the rejection' });
    expect(
      (await reviewer.post(`/api/admin/verifications/${verificationId}/reject`, { reason: '   ' })).body
        .message,
    ).toBe('Please give a reason for the rejection');

    const rejected = await reviewer.post(`/api/admin/verifications/${verificationId}/reject`, {
      reason: 'The photo is blurred',
    });
    expect(rejected.body).toMatchObject({
      code: 0,
      message: 'Verification Failed',
      data: {
        id: verificationId,
        status: 'rejected',
        reason: 'The photo is blurred',
        reviewer: expect.stringMatching(/^reviewer/),
      },
    });
    expect((await web.get('/api/user/getAuthentication')).body.data).toMatchObject({
      status: 'Not Verified',
      reason: 'The photo is blurred',
    });
    expect((await reviewer.post(`/api/admin/verifications/${verificationId}/approve`, {})).body.code).toBe(
      10032,
    );

    const inbox = await inboxOf(web);
    expect(inbox.records[0]).toMatchObject({ sender: 'Review Office', title: 'Verification Failed' });
    const detail = await web.get('/api/notify/detail', { notifyId: inbox.records[0].notifyId });
    expect(detail.body.data.content).toContain('The photo is blurred');
  });

  it('approves (an admin may too), and the decision leaves the queue and reaches the inbox', async () => {
    const { verificationId, web } = people[1]!;
    const approved = await approveAs(reviewer, verificationId, ' 1101 0519-4912 3100 2x ');
    expect(approved.body).toMatchObject({
      code: 0,
      message: 'Verification Pass',
      data: { status: 'approved', reason: null },
    });
    expect((await web.get('/api/user/getAuthentication')).body.data.status).toBe('Verified');
    expect((await web.get('/api/user/detail')).body.data.authStatus).toBe('Verified');

    const queue = await list(reviewer);
    expect(queue.headers['content-range']).toBe('verifications 0-0/1');
    expect(queue.body.data.map((row: Row) => row.id)).toEqual([people[2]!.verificationId]);
    const decided = await list(reviewer, { filter: { status: 'approved' } });
    expect(decided.body.data.map((row: Row) => row.id)).toEqual([verificationId]);
    expect(
      (await list(reviewer, { filter: { status: 'rejected' } })).body.data.map((row: Row) => row.id),
    ).toEqual([people[0]!.verificationId]);

    const admin = (await staff(['admin'])).web;
    const third = people[2]!;
    expect((await approveAs(admin, third.verificationId)).body.data.status).toBe('approved');
    const events = await sql<{ role: string }>`select metadata->'actor'->>'role' as role from identity.events
      where type = 'identity.IdentityVerificationApproved' order by global_position`.execute(
      harness.platform.database.db,
    );
    expect(events.rows.map((row) => row.role)).toEqual(['reviewer', 'admin']);

    const inbox = await inboxOf(web);
    expect(inbox.records[0]).toMatchObject({ sender: 'Review Office', title: 'Verification Pass' });
  });

  it('refuses an approval without every photo seen, with a wrong number or an unticked rule, and one’s own', async () => {
    const { verificationId } = await submitted();
    const second = (await staff(['reviewer'])).web;
    const approve = (web: Web, body: object) =>
      web.post(`/api/admin/verifications/${verificationId}/approve`, body);
    // Nothing seen yet: refused, even with the right number.
    expect((await approve(second, { certificateNumber: idCard, checks })).body.code).toBe(10036);
    expect(
      (
        await second.raw({
          method: 'GET',
          url: `/api/user/review/photo?verificationId=${verificationId}&index=0`,
        })
      ).status,
    ).toBe(200);
    expect((await approve(second, { certificateNumber: idCard, checks })).body.code).toBe(10036);
    const mismatch = await approveAs(second, verificationId, '110105194912310021');
    expect(mismatch.body).toMatchObject({
      code: 10035,
      message:
        'The number you typed from the photo does not match the submitted certificate number; check the photo again or reject',
    });
    expect((await approve(second, { certificateNumber: idCard, checks: checks.slice(0, 2) })).body.code).toBe(
      10037,
    );
    expect((await second.get(`/api/admin/verifications/${verificationId}`)).body.data.status).toBe(
      'processing',
    );
    const approvals = await sql<{ n: number }>`select count(*)::int as n from identity.events
      where type = 'identity.IdentityVerificationApproved' and data->>'verificationId' = ${verificationId}`.execute(
      harness.platform.database.db,
    );
    expect(approvals.rows[0]!.n).toBe(0);

    // A reviewer's own verification: refused (403) whatever they checked, approve or reject.
    const own = await staff(['reviewer']);
    const photo = { name: 'f.png', type: 'image/png', bytes: png };
    const { payload, contentType } = multipart(
      { name: '李四', certificateType: 'id-card', certificateNumber: idCard },
      { front: photo, back: photo },
    );
    const mine = await own.web.raw({
      method: 'POST',
      url: '/api/user/submitAuthentication',
      payload,
      headers: { 'content-type': contentType },
    });
    const ownId = mine.body.data.verificationId as string;
    const ownApproval = await approveAs(own.web, ownId);
    expect(ownApproval.status).toBe(403);
    expect(ownApproval.body.code).toBe(10034);
    expect((await own.web.post(`/api/admin/verifications/${ownId}/reject`, { reason: 'no' })).body.code).toBe(
      10034,
    );
    expect(
      (await own.web.post('/api/user/review', { verificationId: ownId, approve: false, reason: 'x' })).body
        .code,
    ).toBe(10034);
  });
});
