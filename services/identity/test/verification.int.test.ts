import { randomUUID } from 'node:crypto';
import { verifyStateTables } from '@sais/kit/platform';
import { kafkaBrokers, platformForTest } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, identityService, identityStateCheck } from '../src/index.ts';
import { client, multipart, png, signUp, startMailbox } from './support.ts';

const idCard = '11010519491231002X';

describe('real-name verification, review and inbox (through real Kafka)', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let seq = 0;

  async function participant() {
    seq += 1;
    return (await signUp(harness.platform.app, mailbox.mails, `part${seq}${Date.now() % 100000}`)).web;
  }

  async function staff(role: 'reviewer' | 'operator') {
    const store = harness.platform.stores.get('identity')!;
    const { db } = harness.platform.database;
    const accounts = new Accounts(db, store, undefined as never, undefined as never);
    const username = `${role}${100_000 + (Date.now() % 900_000)}`;
    await accounts.createStaff(
      { username, email: `${username}@staff.org`, password: 'Staff1234', roles: [role] },
      {
        actor: { userId: null, role: 'system' },
        correlationId: randomUUID(),
        causationId: null,
      },
    );
    const web = client(harness.platform.app);
    expect((await web.post('/api/user/login', { username, password: 'Staff1234' })).body.code).toBe(0);
    return web;
  }

  function submit(
    web: ReturnType<typeof client>,
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1],
  ) {
    const { payload, contentType } = multipart(fields, files);
    return web.raw({
      method: 'POST',
      url: '/api/user/submitAuthentication',
      payload,
      headers: { 'content-type': contentType },
    });
  }

  beforeAll(async () => {
    mailbox = await startMailbox();
    harness = await platformForTest([identityService], 'verification', {
      env: {
        SMTP_URL: mailbox.url,
        KAFKA_BROKERS: kafkaBrokers().join(','),
        KAFKA_TOPIC_PREFIX: `v${randomUUID().slice(0, 8)}.`,
      },
    });
  });
  afterAll(async () => {
    await harness.close();
    await mailbox.close();
  });

  it('checks name, number and photos by their bytes, with the spec messages', async () => {
    const web = await participant();
    const good = { name: '张三', certificateType: 'id-card', certificateNumber: idCard };
    const photo = { name: 'front.png', type: 'image/png', bytes: png };
    expect((await submit(web, { ...good, name: 'R2D2!' }, { front: photo, back: photo })).body.message).toBe(
      'Name format is incorrect',
    );
    expect(
      (await submit(web, { ...good, certificateNumber: '110105194912310021' }, { front: photo, back: photo }))
        .body.message,
    ).toBe('ID card number format is incorrect');
    expect(
      (
        await submit(
          web,
          { ...good, certificateType: 'passport', certificateNumber: 'ABCDEFGH' },
          { front: photo },
        )
      ).body.message,
    ).toBe('Passport number format is incorrect');
    const disguised = {
      name: 'front.png',
      type: 'image/png',
      bytes: Buffer.from('#!/bin/sh\necho not an image\n'),
    };
    expect((await submit(web, good, { front: disguised, back: photo })).body).toMatchObject({
      code: 400,
      message: 'File format error',
    });
    const huge = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    // A 4.3 MB photo hears the 3 MB limit (issue 35), in either language.
    const tooLarge = await submit(web, good, { front: { ...photo, bytes: huge }, back: photo });
    expect(tooLarge.body).toMatchObject({
      code: 400,
      message: 'The photo is larger than 3 MB; please upload a jpg, png or bmp photo of at most 3 MB',
      data: { maxBytes: 3 * 1024 * 1024 },
    });
    const { payload, contentType } = multipart(good, { front: { ...photo, bytes: huge }, back: photo });
    const chinese = await web.raw({
      method: 'POST',
      url: '/api/user/submitAuthentication',
      payload,
      headers: { 'content-type': contentType, 'accept-language': 'zh-CN' },
    });
    expect(chinese.body.message).toBe('照片超过 3 MB，请上传不超过 3 MB 的 jpg、png 或 bmp 照片');
    expect((await submit(web, good, { front: photo })).body.message).toBe(
      'Please upload a certificate photo that meets the specifications',
    );
    expect((await web.get('/api/user/getAuthentication')).body.data.status).toBe('Not Verified');
  });

  it('stores photos encrypted, lets only reviewers see them (each view an event), and delivers the decision to the inbox', async () => {
    const web = await participant();
    const submitted = await submit(
      web,
      { name: '张三', certificateType: 'id-card', certificateNumber: idCard },
      {
        front: { name: 'f.png', type: 'image/png', bytes: png },
        back: { name: 'b.png', type: 'image/png', bytes: png },
      },
    );
    expect(submitted.body).toMatchObject({ code: 0, message: 'Submit success' });
    const { verificationId } = submitted.body.data;
    expect((await web.get('/api/user/getAuthentication')).body.data).toMatchObject({
      status: 'Processing',
      certificateNumber: '1101***********02X',
    });
    expect((await web.get('/api/user/detail')).body.data.authStatus).toBe('Processing');
    expect(
      (
        await submit(
          web,
          { name: '张三', certificateType: 'id-card', certificateNumber: idCard },
          {
            front: { name: 'f.png', type: 'image/png', bytes: png },
            back: { name: 'b.png', type: 'image/png', bytes: png },
          },
        )
      ).body.code,
    ).toBe(10030);

    const stored = await sql<{
      ciphertext: Buffer;
    }>`select ciphertext from identity.documents where verification_id = ${verificationId}`.execute(
      harness.platform.database.db,
    );
    expect(stored.rows).toHaveLength(2);
    for (const row of stored.rows) expect(Buffer.compare(row.ciphertext, png)).not.toBe(0);

    // Participants and operators may not review.
    expect((await web.post('/api/user/getReview', {})).status).toBe(403);
    const operator = await staff('operator');
    expect((await operator.post('/api/user/review', { verificationId, approve: true })).body.code).toBe(403);
    expect((await client(harness.platform.app).post('/api/user/getReview', {})).body.code).toBe(401);

    const reviewer = await staff('reviewer');
    const queue = await reviewer.post('/api/user/getReview', { page: 1, pageSize: 50 });
    expect(queue.body.data.records.map((r: { verificationId: string }) => r.verificationId)).toContain(
      verificationId,
    );
    const photo = await reviewer.raw({
      method: 'GET',
      url: `/api/user/review/photo?verificationId=${verificationId}&index=1`,
    });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.rawPayload, png)).toBe(0);
    const views = await sql<{
      n: number;
    }>`select count(*)::int as n from identity.events where type = 'identity.IdentityDocumentViewed'
      and data->>'verificationId' = ${verificationId}`.execute(harness.platform.database.db);
    expect(views.rows[0]!.n).toBe(1);

    expect((await reviewer.post('/api/user/review', { verificationId, approve: false })).body.message).toBe(
      'Please give a reason for the rejection',
    );
    const rejected = await reviewer.post('/api/user/review', {
      verificationId,
      approve: false,
      reason: 'The photo is blurred',
    });
    expect(rejected.body).toMatchObject({ code: 0, message: 'Verification Failed' });
    expect((await web.get('/api/user/getAuthentication')).body.data).toMatchObject({
      status: 'Not Verified',
      reason: 'The photo is blurred',
    });

    // The decision travels as an event through Kafka to the inbox projection.
    let inbox = (await web.get('/api/notify/page')).body.data;
    for (let i = 0; i < 100 && inbox.total === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      inbox = (await web.get('/api/notify/page')).body.data;
    }
    expect(inbox).toMatchObject({ total: 1, unread: 1 });
    expect(inbox.records[0]).toMatchObject({
      sender: 'Review Office',
      title: 'Verification Failed',
      read: false,
    });
    const detail = await web.get('/api/notify/detail', { notifyId: inbox.records[0].notifyId });
    expect(detail.body.data.content).toContain('The photo is blurred');
    expect((await web.get('/api/notify/page')).body.data.unread).toBe(0);
    const zh = await client(harness.platform.app, 'zh-CN').get('/api/notify/page', undefined, {
      cookie: web.cookie!,
    });
    expect(zh.body.data.records[0].title).toBe('认证未通过');
    expect(zh.body.data.records[0].sender).toBe('审核办公室');

    // Issue 33 (decision 0028): the record staff and the participant read is what the events say; an
    // edit behind the platform's back is named by table, key and column.
    const { db } = harness.platform.database;
    const differences = async () =>
      (
        await verifyStateTables(db, [identityStateCheck], () => [harness.platform.stores.get('identity')!], {
          personal: harness.platform.stores.get('identity')!.personal,
        })
      ).checks[0]!.differences;
    expect(await differences()).toEqual([]);
    await sql`update identity.verifications set status = 'approved', reason = null
      where verification_id = ${verificationId}`.execute(db);
    expect(await differences()).toEqual([
      {
        table: 'verifications',
        key: { verification_id: verificationId },
        kind: 'changed',
        columns: [
          { column: 'status', live: 'approved', expected: 'rejected' },
          { column: 'reason', live: null, expected: 'The photo is blurred' },
        ],
      },
    ]);
    await sql`update identity.verifications set status = 'rejected', reason = 'The photo is blurred'
      where verification_id = ${verificationId}`.execute(db);
    expect(await differences()).toEqual([]);
  });

  it('answers the payment-app check with a clear "not configured" error', async () => {
    const web = await participant();
    const response = await web.post('/api/user/getAlipayAuthUrl', {});
    expect(response.body).toMatchObject({
      code: 10033,
      message: 'Real-name check through the payment app is not configured on this platform yet',
    });
  });
});
