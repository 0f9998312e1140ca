import { client, platformForTest } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, identityService } from '../src/index.ts';
import { lastCodeFor, startMailbox } from './support.ts';
import { systemMetadata } from '@sais/events';

/**
 * Personal access tokens (issue 22, decision 0019): made on /user with the cookie, shown once, sent as
 * `Authorization: Bearer`, scoped per route class, refused when revoked or expired and on staff routes,
 * rate-limited per token, each one noted in the holder's inbox.
 */
describe('personal access tokens', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let seq = 0;

  async function person(roles: ('reviewer' | 'operator')[] = []) {
    seq += 1;
    const username = `tok${seq}x${Date.now() % 100000}`;
    const accounts = new Accounts(
      harness.platform.database.db,
      harness.platform.stores.get('identity')!,
      undefined as never,
      undefined as never,
    );
    await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles },
      systemMetadata(),
    );
    const web = client(harness.platform.app, 'en');
    expect((await web.post('/api/user/login', { username, password: 'Secret1234' })).body.code).toBe(0);
    return { username, web };
  }

  async function makeToken(
    web: ReturnType<typeof client>,
    scopes: string[] = ['read'],
    name = 'laptop',
    expiresInDays = 30,
  ) {
    const made = await web.post('/api/user/tokens/create', { name, scopes, expiresInDays });
    expect(made.body.code).toBe(0);
    return made.body.data as { token: string; tokenId: string };
  }

  const withToken = (token: string, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
    harness.platform.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    });

  beforeAll(async () => {
    mailbox = await startMailbox();
    harness = await platformForTest([identityService], 'idtokens', {
      env: { SAIS_RATE_LIMIT_TOKEN: '8', SMTP_URL: mailbox.url },
    });
  });
  afterAll(async () => {
    await harness?.close();
    await mailbox?.close();
  });

  /** The holder's inbox once `count` messages are there (the projection runs after the commit). */
  async function inbox(web: ReturnType<typeof client>, count: number) {
    let records: { title: string; notifyId: string }[] = [];
    for (let i = 0; i < 100 && records.length < count; i++) {
      records = (await web.get('/api/notify/page', { page: '1', pageSize: '20' })).body.data.records;
      if (records.length < count) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const messages: { title: string; content: string }[] = [];
    for (const { notifyId } of records)
      messages.push((await web.get('/api/notify/detail', { notifyId })).body.data);
    return messages;
  }

  // Issue 33, finding 7: tokens outlived the password that made them (sessions did not).
  it('revokes every token at a password change, and says why in the inbox', async () => {
    const { web, username } = await person();
    const { token: first } = await makeToken(web, ['read'], 'laptop');
    const { token: second } = await makeToken(web, ['submit', 'team'], 'ci');
    expect((await withToken(first, 'GET', '/api/user/detail')).statusCode).toBe(200);
    const changed = await web.post('/api/user/updatePassword', {
      oldPassword: 'Secret1234',
      newPassword: 'Changed1234',
      newPassword2: 'Changed1234',
    });
    expect(changed.body.code).toBe(0);
    for (const token of [first, second]) {
      const refused = await withToken(token, 'GET', '/api/user/detail', undefined, 'zh-CN');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({
        code: 10081,
        message: '该访问令牌已被撤销，请在个人页面重新创建',
      });
    }
    const again = client(harness.platform.app, 'en');
    expect((await again.post('/api/user/login', { username, password: 'Changed1234' })).body.code).toBe(0);
    const revoked = (await inbox(again, 4)).filter((record) => record.title === 'Access token revoked');
    expect(revoked.map((record) => record.content).sort()).toEqual(
      ['ci', 'laptop'].map(
        (name) =>
          `The personal access token “${name}” of your account was revoked because your password was changed (every access token goes with the old password); create a new one on your user page if you still need it; calls made with it are refused from now on.`,
      ),
    );
    // A token made after the change works.
    const { token: fresh } = await makeToken(again, ['read'], 'new');
    expect((await withToken(fresh, 'GET', '/api/user/detail')).statusCode).toBe(200);
  });

  it('revokes every token at a password reset with a code, and says so in Chinese too', async () => {
    const { web, username } = await person();
    const { token } = await makeToken(web, ['read'], 'laptop');
    const email = `${username}@example.org`;
    // The code is asked for in English (its mail is plain text); the inbox is read in Chinese.
    const english = client(harness.platform.app, 'en');
    expect((await english.post('/api/code/sendEmailCode', { email, mode: 2 })).body.code).toBe(0);
    const anonymous = client(harness.platform.app, 'zh-CN');
    for (let i = 0; i < 100 && !mailbox.mails.some((mail) => mail.to === email); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const reset = await anonymous.post('/api/user/reset', {
      contactType: 1,
      email,
      code: lastCodeFor(mailbox.mails, email),
      password: 'Reset12345',
    });
    expect(reset.body.code).toBe(0);
    expect((await withToken(token, 'GET', '/api/notify/page')).json().code).toBe(10081);
    expect((await anonymous.post('/api/user/login', { username, password: 'Reset12345' })).body.code).toBe(0);
    const revoked = (await inbox(anonymous, 2)).find((record) => record.title === '已撤销访问令牌');
    expect(revoked?.content).toBe(
      '您账号的个人访问令牌“laptop”已被撤销，因为您的密码已重置（旧密码下创建的访问令牌全部失效）；如仍需使用，请在个人页面重新创建，此后使用该令牌的请求将被拒绝。',
    );
  });

  it('creates a token shown once, uses it, lists it with its last use, and revokes it', async () => {
    const { web, username } = await person();
    const { token, tokenId } = await makeToken(web, ['read', 'submit']);
    expect(token).toMatch(/^sais_pat_[A-Za-z0-9_-]{43}$/);

    const me = await withToken(token, 'GET', '/api/user/detail');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ username, token: { tokenId, scopes: ['read', 'submit'] } });

    const listed = await web.get('/api/user/tokens/list');
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({
      tokenId,
      name: 'laptop',
      revokedAt: null,
      lastUsedIp: '127.0.0.1',
    });
    expect(listed.body.data[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body.data)).not.toContain(token);
    const stored = await sql<{ token_hash: string }>`select token_hash from identity.access_tokens
      where token_id = ${tokenId}`.execute(harness.platform.database.db);
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await web.post('/api/user/tokens/revoke', { tokenId })).body.code).toBe(0);
    const refused = await withToken(token, 'GET', '/api/notify/page', undefined, 'zh-CN');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 10081,
      message: '该访问令牌已被撤销，请在个人页面重新创建',
    });
    const refusedEn = await withToken(token, 'GET', '/api/user/detail');
    expect(refusedEn.json().message).toBe(
      'This access token has been revoked; create a new one on your user page',
    );
    expect((await web.get('/api/user/tokens/list')).body.data[0].revokedAt).not.toBeNull();

    // Both appear in the holder's inbox (the projection runs after the commit).
    let titles: string[] = [];
    for (let i = 0; i < 100 && titles.length < 2; i++) {
      titles = (await web.get('/api/notify/page', { page: '1', pageSize: '10' })).body.data.records.map(
        (r: { title: string }) => r.title,
      );
      if (titles.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(titles).toEqual(['Access token revoked', 'Access token created']);
  });

  it('refuses an expired token, a made-up one, and a lifetime above a year', async () => {
    const { web } = await person();
    const { token, tokenId } = await makeToken(web);
    await sql`update identity.access_tokens set expires_at = now() - interval '1 minute'
      where token_id = ${tokenId}`.execute(harness.platform.database.db);
    const expired = await withToken(token, 'GET', '/api/user/detail');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 10082, message: expect.stringContaining('expired') });
    const madeUp = await withToken(`sais_pat_${'x'.repeat(43)}`, 'GET', '/api/user/detail');
    expect(madeUp.json()).toMatchObject({ code: 10080 });
    const tooLong = await web.post('/api/user/tokens/create', {
      name: 'x',
      scopes: ['read'],
      expiresInDays: 366,
    });
    expect(tooLong.body).toMatchObject({
      code: 10086,
      message: 'An access token can be valid for at most 365 days',
    });
    const noScope = await web.post('/api/user/tokens/create', { name: 'x', scopes: [], expiresInDays: 30 });
    expect(noScope.body.message).toBe('Please choose at least one scope');
  });

  it('checks the scope per route class and keeps tokens off token management and staff routes', async () => {
    const { web } = await person(['reviewer']);
    const { token: read } = await makeToken(web, ['read'], 'reader');
    const { token: submit } = await makeToken(web, ['submit', 'team'], 'writer');

    const onSubmit = await withToken(read, 'POST', '/api/submission/upload', {});
    expect(onSubmit.statusCode).toBe(403);
    expect(onSubmit.json()).toMatchObject({ code: 10083, data: { requiredScope: 'submit' } });
    // A submit token passes the gate (this platform has no scoring service: the route is unknown here).
    expect((await withToken(submit, 'POST', '/api/submission/upload', {})).statusCode).toBe(404);
    expect((await withToken(read, 'POST', '/api/team/create', {})).json().code).toBe(10083);
    // Reads need `read`; who-am-I answers any scope.
    expect((await withToken(submit, 'GET', '/api/notify/page')).json().code).toBe(10083);
    expect((await withToken(submit, 'GET', '/api/user/detail')).json().code).toBe(0);
    // Tokens make no tokens, and change nothing on the account.
    const tokensWithToken = await withToken(read, 'GET', '/api/user/tokens/list');
    expect(tokensWithToken.json()).toMatchObject({ code: 10085 });
    expect((await withToken(submit, 'POST', '/api/user/modifyInfo', {})).json().code).toBe(10085);
    // A reviewer's token is still no staff credential.
    const staff = await withToken(read, 'GET', '/api/admin/verifications');
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toMatchObject({
      code: 10084,
      message:
        'Access tokens cannot be used for staff or administration calls; sign in to the console instead',
    });
    expect((await web.get('/api/admin/verifications')).status).toBe(200);
    // The same staff route reached by another spelling of its address is classed by the route it matched.
    for (const spelling of ['/api/%61dmin/verifications', '/api//admin/verifications']) {
      const answer = await withToken(read, 'GET', spelling);
      expect([answer.statusCode, answer.json().code], spelling).not.toEqual([200, 0]);
      if (answer.statusCode !== 404) expect(answer.json().code, spelling).toBe(10084);
    }
  });

  it('says that signing out with a token does nothing and how to revoke it; the token and the session stay (decision 0030)', async () => {
    const { web } = await person();
    const { token, tokenId } = await makeToken(web, ['read'], 'script');
    const texts = {
      en: 'Signing out does nothing for an access token: it keeps working. To stop it, revoke it under Personal information → Access tokens on the website',
      'zh-CN':
        '使用访问令牌退出登录不会产生任何效果，该令牌仍然有效。如需停用，请在网站的“个人信息 → 访问令牌”中撤销',
    };
    for (const language of ['en', 'zh-CN'] as const) {
      const logout = await withToken(token, 'GET', '/api/user/logout', undefined, language);
      expect(logout.statusCode).toBe(400);
      expect(logout.json()).toEqual({ code: 10090, message: texts[language], data: null });
      // No cookie was cleared, and the token still works, as the answer said.
      expect(logout.headers['set-cookie']).toBeUndefined();
      expect((await withToken(token, 'GET', '/api/user/detail')).json().code).toBe(0);
    }
    // A token without `read` hears the same, not a scope refusal.
    const { token: submitOnly } = await makeToken(web, ['submit'], 'uploader');
    expect((await withToken(submitOnly, 'GET', '/api/user/logout')).json().code).toBe(10090);
    // The website session that made the token is untouched; revoking (as the answer says) stops the token.
    expect((await web.get('/api/user/detail')).body.code).toBe(0);
    expect((await web.post('/api/user/tokens/revoke', { tokenId })).body.code).toBe(0);
    expect((await withToken(token, 'GET', '/api/user/detail')).json().code).toBe(10081);
    // Signing out with the cookie still signs out.
    expect((await web.get('/api/user/logout')).body.code).toBe(0);
    expect((await web.get('/api/user/detail')).body.code).toBe(401);
  });

  it('limits each token to its calls per minute: 429 with Retry-After', async () => {
    const { web } = await person();
    const { token } = await makeToken(web, ['read'], 'busy');
    const { token: other } = await makeToken(web, ['read'], 'quiet');
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 9; i++) {
      last = await withToken(token, 'GET', '/api/notify/page');
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json()).toMatchObject({ code: 429, data: { retryAfterSeconds: expect.any(Number) } });
    // Per token: another token of the same person is not held up.
    expect((await withToken(other, 'GET', '/api/notify/page')).statusCode).toBe(200);
  });
});
