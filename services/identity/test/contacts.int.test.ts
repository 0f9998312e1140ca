import { Writable } from 'node:stream';
import { platformForTest } from '@sais/kit/testing';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityService } from '../src/index.ts';
import { client, lastCodeFor, signUp, startMailbox } from './support.ts';

describe('codes for sign-in and for changing the phone or email', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  const logLines: string[] = [];
  let n = 0;

  /** The default SMS provider writes codes to the log: read them there, as an operator would. */
  const smsCodeFor = (phone: string) => {
    const line = logLines.filter((l) => l.includes(`sms verification code for ${phone}`)).at(-1);
    const code = line?.match(/: (\d{6})"/)?.[1];
    if (!code) throw new Error(`no SMS code logged for ${phone}`);
    return code;
  };

  async function signedIn() {
    n += 1;
    return signUp(harness.platform.app, mailbox.mails, `cont${n}${Date.now() % 100000}`);
  }

  beforeAll(async () => {
    mailbox = await startMailbox();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...chunk.toString().split('\n'));
        done();
      },
    });
    harness = await platformForTest([identityService], 'contacts', {
      env: { SMTP_URL: mailbox.url },
      logger: pino({ level: 'info' }, sink),
    });
  });
  afterAll(async () => {
    await harness.close();
    await mailbox.close();
  });

  it('says at start-up that SMS codes go to the log', () => {
    expect(logLines.some((line) => line.includes('sms verification codes are written to this log'))).toBe(
      true,
    );
  });

  it('signs in with a code mailed to a registered address; an unknown address gets the same answer and no mail', async () => {
    const { email, username } = await signedIn();
    const web = client(harness.platform.app);
    const nobody = `nobody${Date.now()}@example.org`;
    const unknown = await web.post('/api/code/sendEmailCode', { email: nobody, mode: 0 });
    // No account enumeration (issue 18): the answer does not tell whether an account uses the address.
    expect(unknown.body).toMatchObject({ code: 0, message: 'Verify code send success' });
    expect(mailbox.mails.some((mail) => mail.to === nobody)).toBe(false);
    // The sign-up code went to this address a moment ago: wait out the 60-second resend interval.
    await sql`update identity.codes set created_at = now() - interval '2 minutes' where address = ${email}`.execute(
      harness.platform.database.db,
    );
    expect((await web.post('/api/code/sendEmailCode', { email, mode: 0 })).body.code).toBe(0);
    const login = await web.post('/api/user/login', {
      contactType: 1,
      email,
      code: lastCodeFor(mailbox.mails, email),
    });
    expect(login.body).toMatchObject({ code: 0, message: 'Login success' });
    expect((await web.get('/api/user/detail')).body.data.username).toBe(username);
  });

  it('answers a malformed sign-in code with the code message, in the request language', async () => {
    const { email } = await signedIn();
    const en = await client(harness.platform.app).post('/api/user/login', {
      contactType: 1,
      email,
      code: 'abc',
    });
    expect(en.body).toMatchObject({ code: 400, message: 'Verification code format is incorrect' });
    expect(en.body.data.fields).toEqual([
      { field: 'code', message: 'Verification code format is incorrect' },
    ]);
    const zh = await client(harness.platform.app, 'zh-CN').post('/api/user/login', {
      contactType: 1,
      email,
      code: 'abc',
    });
    expect(zh.body).toMatchObject({ code: 400, message: '验证码格式不正确' });
    const noPassword = await client(harness.platform.app).post('/api/user/login', {
      username: 'x',
      password: '',
    });
    expect(noPassword.body).toMatchObject({ code: 400, message: 'Wrong account or password' });
  });

  it('says "Login success" in the request language', async () => {
    const { username } = await signedIn();
    const zh = await client(harness.platform.app, 'zh-CN').post('/api/user/login', {
      username,
      password: 'secret123',
    });
    expect(zh.body).toMatchObject({ code: 0, message: '登录成功' });
    const en = await client(harness.platform.app, 'en').post('/api/user/login', {
      username,
      password: 'secret123',
    });
    expect(en.body).toMatchObject({ code: 0, message: 'Login success' });
  });

  it('changes the email with a code sent to the new address, which then signs in', async () => {
    const { web, username } = await signedIn();
    const fresh = `new${Date.now()}@example.org`;
    expect(
      (await client(harness.platform.app).post('/api/code/sendEmailCode', { email: fresh, mode: 3 })).body
        .code,
    ).toBe(401);
    expect((await web.post('/api/code/sendEmailCode', { email: fresh, mode: 3 })).body.code).toBe(0);
    const wrong = await web.post('/api/user/updateEmail', {
      email: fresh,
      code: '000000' === lastCodeFor(mailbox.mails, fresh) ? '111111' : '000000',
    });
    expect(wrong.body.code).toBe(10010);
    const changed = await web.post('/api/user/updateEmail', {
      email: fresh,
      code: lastCodeFor(mailbox.mails, fresh),
    });
    expect(changed.body).toMatchObject({ code: 0, message: 'Modify success' });
    expect((await web.get('/api/user/detail')).body.data.email).toBe(fresh);
    expect(
      (await client(harness.platform.app).post('/api/user/login', { username: fresh, password: 'secret123' }))
        .body.code,
    ).toBe(0);
    expect((await web.post('/api/user/updateEmail', { email: 'broken', code: '123456' })).body.message).toBe(
      'Email format is incorrect',
    );
    void username;
  });

  it('adds a phone with an SMS code, and refuses a phone another account uses', async () => {
    const first = await signedIn();
    const phone = `139${String(Date.now()).slice(-8)}`;
    expect((await first.web.post('/api/code/sendPhoneCode', { phone, mode: 3 })).body.code).toBe(0);
    const changed = await first.web.post('/api/user/updatePhone', { phone, code: smsCodeFor(phone) });
    expect(changed.body).toMatchObject({ code: 0, message: 'Modify success' });
    expect((await first.web.get('/api/user/detail')).body.data.phone).toBe(phone);
    expect(
      (await client(harness.platform.app).post('/api/user/login', { username: phone, password: 'secret123' }))
        .body.code,
    ).toBe(0);
    const second = await signedIn();
    const taken = await second.web.post('/api/code/sendPhoneCode', { phone, mode: 3 });
    expect(taken.body).toMatchObject({ code: 10004, message: 'This phone number is already registered' });
    expect((await second.web.post('/api/code/sendPhoneCode', { phone: '12345', mode: 3 })).body.message).toBe(
      'Phone number format is incorrect',
    );
    expect((await second.web.post('/api/user/updatePhone', { phone, code: '12' })).body.message).toBe(
      'Verification code format is incorrect',
    );
  });

  it('limits codes per address to 10 an hour, whatever the resend interval', async () => {
    const web = client(harness.platform.app);
    const email = `limit${Date.now()}@example.org`;
    for (let i = 0; i < 10; i++) {
      expect((await web.post('/api/code/sendEmailCode', { email, mode: 1 })).body.code).toBe(0);
      await sql`update identity.codes set created_at = created_at - interval '2 minutes' where address = ${email}`.execute(
        harness.platform.database.db,
      );
    }
    const eleventh = await web.post('/api/code/sendEmailCode', { email, mode: 1 });
    expect(eleventh.body).toMatchObject({
      code: 10014,
      message: 'Too many codes requested, please try again later',
    });
  });
});
