import { randomUUID } from 'node:crypto';
import { identity as I } from '@sais/events';
import { client, kafkaBrokers } from '@sais/kit/testing';
import { sql } from 'kysely';
import { competitionPlatform, signedInStaff, system } from './support.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

/**
 * Sign-up only while registration is open (issue 30), over HTTP on real storage in both modes:
 * PostgreSQL + Kafka, and the embedded default `npm start` runs (PGlite, in-process bus).
 */
describe.each([
  { mode: 'PostgreSQL + Kafka', embedded: false },
  { mode: 'embedded (npm start)', embedded: true },
])('registration window on $mode', ({ embedded }) => {
  let harness: Awaited<ReturnType<typeof competitionPlatform>>;
  let operator: ReturnType<typeof client>;

  const account = (roles: 'operator'[] = []) => signedInStaff(harness.platform, roles);

  /** A participant whose real name a reviewer approved (the approval event), once the mirror has it. */
  async function verified() {
    const person = await account();
    await harness.platform.stores.get('identity')!.append(
      I.IdentityVerificationApproved.aggregate,
      `verification-${person.accountId}`,
      'any',
      [
        {
          type: I.IdentityVerificationApproved.type,
          data: { verificationId: randomUUID(), accountId: person.accountId, reviewerId: randomUUID() },
        },
      ],
      system(),
    );
    for (let i = 0; i < 300; i++) {
      const row =
        await sql`select 1 from competition.verified_users where account_id = ${person.accountId}`.execute(
          harness.platform.database.db,
        );
      if (row.rows.length) return person.web;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('verification never reached the competition service');
  }

  beforeAll(async () => {
    harness = await competitionPlatform('competition', {
      embedded,
      env: embedded
        ? {}
        : { KAFKA_BROKERS: kafkaBrokers().join(','), KAFKA_TOPIC_PREFIX: `w${randomUUID().slice(0, 8)}.` },
    });
    expect(harness.platform.database.kind).toBe(embedded ? 'pglite' : 'postgres');
    operator = (await account(['operator'])).web;
  }, 180_000);
  afterAll(() => harness?.close());

  it('refuses sign-up before registration opens (saying when), takes it while open, refuses it after', async () => {
    const created = await operator.post('/api/admin/competitions', {
      title: { en: 'Rain', 'zh-CN': '降水' },
      description: { en: 'Predict rain.', 'zh-CN': '预测降水。' },
      type: 'Algorithm',
      bonus: 0,
      season: '2027',
      sponsors: [],
      timeZone: 'Asia/Shanghai',
      teamSizeLimit: 3,
      teamFormingAttempts: 3,
      dailySubmissionLimit: 3,
      submissionKinds: ['result-file'],
      teamMergeDeadline: null,
      agreements: [],
      phases: [
        { phase: 'registration', startsAt: iso(10), endsAt: iso(40) },
        { phase: 'preliminary', startsAt: iso(20), endsAt: iso(60) },
      ],
    });
    expect(created.body.code).toBe(0);
    const competitionId = created.body.data.id as string;
    const web = await verified();
    const signUp = (language: string) =>
      web.raw({
        method: 'POST',
        url: '/api/race/signUp',
        payload: { competitionId, agreements: [] },
        headers: { 'accept-language': language },
      });

    // The page says where registration stands.
    const detail = await web.get('/api/race/detail', { competitionId });
    const { opensAt } = detail.body.data.registration;
    expect(detail.body.data.registration).toEqual({ state: 'notYetOpen', opensAt: expect.any(String) });
    expect(Math.abs(Date.parse(opensAt) - Date.parse(iso(10)))).toBeLessThan(60_000);

    // Before: refused in both languages, naming when it opens in the competition's zone.
    const early = await signUp('en');
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      code: 20015,
      message: expect.stringMatching(
        /^Registration for this competition has not opened yet; it opens at \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)? GMT\+8 \(Asia\/Shanghai\)$/,
      ),
      data: expect.objectContaining({ opensAt, timeZone: 'Asia/Shanghai' }),
    });
    expect((await signUp('zh-CN')).body.message).toMatch(/^该比赛尚未开放报名，报名开始时间：/);
    expect((await web.get('/api/race/detail', { competitionId })).body.data.signedUp).toBe(false);

    // An operator opens registration now: taken.
    expect(
      (await operator.post(`/api/admin/competitions/${competitionId}/phases/registration/open`, {})).body
        .code,
    ).toBe(0);
    expect((await web.get('/api/race/detail', { competitionId })).body.data.registration).toEqual({
      state: 'open',
      closesAt: null,
    });
    expect((await signUp('en')).body.code).toBe(0);

    // Closed by an operator: refused as closed.
    expect(
      (await operator.post(`/api/admin/competitions/${competitionId}/phases/registration/close`, {})).body
        .code,
    ).toBe(0);
    const other = await verified();
    const late = await other.post('/api/race/signUp', { competitionId, agreements: [] });
    expect(late.body).toMatchObject({ code: 20012, message: 'Registration for this competition is closed' });
    expect((await other.get('/api/race/detail', { competitionId })).body.data.registration).toEqual({
      state: 'closed',
    });
  });
});
