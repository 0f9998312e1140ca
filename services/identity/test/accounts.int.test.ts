import { platformForTest } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/index.ts';
import { client, lastCodeFor, startMailbox } from './support.ts';

describe('identity accounts over HTTP', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let n = 0;
  const fresh = () => {
    n += 1;
    return { username: `user${n}x${Date.now() % 100000}`, email: `u${n}.${Date.now()}@example.org` };
  };

  async function registered(password = 'secret123') {
    const web = client(harness.platform.app);
    const { username, email } = fresh();
    expect((await web.post('/api/code/sendEmailCode', { email, mode: 1 })).body.code).toBe(0);
    const code = lastCodeFor(mailbox.mails, email);
    const result = await web.post('/api/user/register', {
      username,
      password,
      contactType: 1,
      email,
      code,
      agree: true,
    });
    expect(result.body).toMatchObject({ code: 0, message: 'Register success' });
    return { web, username, email, password, userId: result.body.data.userId as string };
  }

  beforeAll(async () => {
    mailbox = await startMailbox();
    harness = await platformForTest([identityService], 'identity', { env: { SMTP_URL: mailbox.url } });
  });
  afterAll(async () => {
    await harness.close();
    await mailbox.close();
  });

  describe('POST /code/sendEmailCode', () => {
    it('mails a 6-digit code and tells when a new one may be asked for', async () => {
      const web = client(harness.platform.app);
      const { email } = fresh();
      const sent = await web.post('/api/code/sendEmailCode', { email, mode: 1 });
      expect(sent.body).toEqual({
        code: 0,
        message: 'Verify code send success',
        data: { resendAfterSeconds: 60 },
      });
      expect(lastCodeFor(mailbox.mails, email)).toMatch(/^\d{6}$/);
    });

    it('refuses a resend within 60 seconds and says how long to wait', async () => {
      const web = client(harness.platform.app);
      const { email } = fresh();
      await web.post('/api/code/sendEmailCode', { email, mode: 1 });
      const again = await web.post('/api/code/sendEmailCode', { email, mode: 1 });
      expect(again.status).toBe(429);
      expect(again.body.message).toBe('Please wait before asking for another code');
      expect(again.body.data.secondsLeft).toBeGreaterThan(55);
      expect(again.body.data.secondsLeft).toBeLessThanOrEqual(60);
    });

    it('rejects a malformed email with the spec message', async () => {
      const sent = await client(harness.platform.app).post('/api/code/sendEmailCode', {
        email: 'nope',
        mode: 1,
      });
      expect(sent.body).toMatchObject({ code: 400, message: 'Email format is incorrect' });
    });
  });

  describe('POST /user/register', () => {
    it.each([
      [
        { username: 'Bad' },
        'Username is 6~20 characters of lowercase letters or numbers',
        '用户名为6~20位小写字母或数字',
      ],
      [{ password: 'short' }, 'Password is 8~20 characters of letters and numbers', '密码为8~20位字母和数字'],
      [{ agree: false }, 'Please read and agree the service terms', '请阅读并同意服务条款'],
      [{ code: '12ab' }, 'Verification code format is incorrect', '验证码格式不正确'],
      [{ email: 'a@' }, 'Email format is incorrect', '邮箱格式不正确'],
      [{ contactType: 0, phone: '123' }, 'Phone number format is incorrect', '手机号格式不正确'],
    ])('rejects %o with the spec message in en and zh-CN', async (override, en, zh) => {
      const body = {
        username: 'gooduser1',
        password: 'secret123',
        contactType: 1,
        email: 'ok@example.org',
        code: '123456',
        agree: true,
        ...override,
      };
      expect((await client(harness.platform.app, 'en').post('/api/user/register', body)).body).toMatchObject({
        code: 400,
        message: en,
      });
      expect(
        (await client(harness.platform.app, 'zh-CN').post('/api/user/register', body)).body,
      ).toMatchObject({ code: 400, message: zh });
    });

    it('registers with a mailed code, then refuses the same username', async () => {
      const { username } = await registered();
      const web = client(harness.platform.app);
      const { email } = fresh();
      await web.post('/api/code/sendEmailCode', { email, mode: 1 });
      const again = await web.post('/api/user/register', {
        username,
        password: 'secret123',
        contactType: 1,
        email,
        code: lastCodeFor(mailbox.mails, email),
        agree: true,
      });
      expect(again.body).toMatchObject({ code: 10002, message: 'This username is already registered' });
    });

    it('burns a code after 5 wrong tries, and an expired code does not work', async () => {
      const web = client(harness.platform.app);
      const { username, email } = fresh();
      await web.post('/api/code/sendEmailCode', { email, mode: 1 });
      const right = lastCodeFor(mailbox.mails, email);
      const wrong = right === '000000' ? '111111' : '000000';
      const body = { username, password: 'secret123', contactType: 1, email, agree: true };
      for (let i = 0; i < 4; i++) {
        expect((await web.post('/api/user/register', { ...body, code: wrong })).body.message).toBe(
          'The verification code is wrong',
        );
      }
      expect((await web.post('/api/user/register', { ...body, code: wrong })).body.code).toBe(10012);
      expect((await web.post('/api/user/register', { ...body, code: right })).body.code).toBe(10012);

      const other = fresh();
      await web.post('/api/code/sendEmailCode', { email: other.email, mode: 1 });
      const code = lastCodeFor(mailbox.mails, other.email);
      await sql`update identity.codes set expires_at = now() - interval '1 second' where address = ${other.email}`.execute(
        harness.platform.database.db,
      );
      const late = await web.post('/api/user/register', {
        ...body,
        username: other.username,
        email: other.email,
        code,
      });
      expect(late.body).toMatchObject({
        code: 10011,
        message: 'The verification code has expired, please get a new one',
      });
    });
  });

  describe('sessions', () => {
    it('signs in with an httpOnly cookie, shows the detail, and answers 401 when signed out', async () => {
      const { username, password, email, userId } = await registered();
      const web = client(harness.platform.app);
      const login = await web.post('/api/user/login', { username, password });
      expect(login.body).toMatchObject({ code: 0, message: 'Login success' });
      expect(login.setCookie).toMatch(/HttpOnly/i);
      expect(login.setCookie).toMatch(/SameSite=Lax/i);
      const detail = await web.get('/api/user/detail');
      expect(detail.body.data).toMatchObject({ userId, username, email, roles: ['participant'] });

      const anonymous = await client(harness.platform.app).get('/api/user/detail');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ code: 401, data: null });
    });

    it('signs in by email too, and revokes the session on logout so a copied cookie stops working', async () => {
      const { email, password } = await registered();
      const web = client(harness.platform.app);
      await web.post('/api/user/login', { username: email, password });
      const copied = web.cookie!;
      expect((await web.get('/api/user/logout')).body.code).toBe(0);
      const replay = await client(harness.platform.app).get('/api/user/detail', undefined, {
        cookie: copied,
      });
      expect(replay.body.code).toBe(401);
    });

    it('locks sign-in after 5 wrong passwords, even with the right one', async () => {
      const { username, password } = await registered();
      const web = client(harness.platform.app);
      for (let i = 0; i < 5; i++) {
        expect((await web.post('/api/user/login', { username, password: 'wrong1234' })).body.code).toBe(
          10005,
        );
      }
      const locked = await web.post('/api/user/login', { username, password });
      expect(locked.body).toMatchObject({ code: 10006 });
      const events = await sql<{
        n: number;
      }>`select count(*)::int as n from identity.events where type = 'identity.LoginFailed'`.execute(
        harness.platform.database.db,
      );
      expect(events.rows[0]!.n).toBeGreaterThanOrEqual(5);
    });
  });

  describe('passwords', () => {
    it('changes the password: checks the repeat and the old one, then revokes every session', async () => {
      const { username, password } = await registered();
      const web = client(harness.platform.app);
      await web.post('/api/user/login', { username, password });
      const oldCookie = web.cookie!;
      const notSame = await web.post('/api/user/updatePassword', {
        oldPassword: password,
        newPassword: 'newpass123',
        newPassword2: 'other123',
      });
      expect(notSame.body).toMatchObject({ code: 400, message: 'Passwords are not same' });
      const lettersOnly = await web.post('/api/user/updatePassword', {
        oldPassword: password,
        newPassword: 'onlyletters',
        newPassword2: '',
      });
      expect(lettersOnly.body.message).toBe('Password is 8~20 characters of letters and numbers');
      const wrongOld = await web.post('/api/user/updatePassword', {
        oldPassword: 'nottheold1',
        newPassword: 'newpass123',
        newPassword2: 'newpass123',
      });
      expect(wrongOld.body.code).toBe(10020);
      const changed = await web.post('/api/user/updatePassword', {
        oldPassword: password,
        newPassword: 'newpass123',
        newPassword2: 'newpass123',
      });
      expect(changed.body).toMatchObject({ code: 0, message: 'Modify success' });
      expect(
        (await client(harness.platform.app).get('/api/user/detail', undefined, { cookie: oldCookie })).body
          .code,
      ).toBe(401);
      expect(
        (await client(harness.platform.app).post('/api/user/login', { username, password: 'newpass123' }))
          .body.code,
      ).toBe(0);
      expect(
        (await client(harness.platform.app).post('/api/user/login', { username, password })).body.code,
      ).toBe(10005);
    });

    it('resets a forgotten password with a mailed code', async () => {
      const { username, email } = await registered();
      const web = client(harness.platform.app);
      await sql`update identity.codes set created_at = now() - interval '2 minutes' where address = ${email}`.execute(
        harness.platform.database.db,
      );
      expect((await web.post('/api/code/sendEmailCode', { email, mode: 2 })).body.code).toBe(0);
      const reset = await web.post('/api/user/reset', {
        contactType: 1,
        email,
        code: lastCodeFor(mailbox.mails, email),
        password: 'fresh1234',
      });
      expect(reset.body).toMatchObject({ code: 0, message: 'Reset success' });
      expect((await web.post('/api/user/login', { username, password: 'fresh1234' })).body.code).toBe(0);
    });
  });

  describe('POST /user/update', () => {
    it('updates the profile and validates organisation and country/region', async () => {
      const { web, username, password } = await registered();
      await web.post('/api/user/login', { username, password });
      const bad = await web.post('/api/user/update', { organization: ' ' });
      expect(bad.body).toMatchObject({ code: 400, message: 'Please enter valid University/Organization' });
      const badCountry = await web.post('/api/user/update', { countryRegion: '' });
      expect(badCountry.body.message).toBe('Please enter your current country/region');
      const saved = await web.post('/api/user/update', {
        nickname: 'Ada',
        organization: 'Fudan University',
        countryRegion: 'China',
        isStudent: true,
      });
      expect(saved.body).toMatchObject({ code: 0, message: 'Update Personal Information success' });
      expect((await web.get('/api/user/detail')).body.data).toMatchObject({
        nickname: 'Ada',
        organization: 'Fudan University',
        isStudent: true,
      });
      expect((await client(harness.platform.app).post('/api/user/update', { nickname: 'x' })).body.code).toBe(
        401,
      );
    });
  });
});
