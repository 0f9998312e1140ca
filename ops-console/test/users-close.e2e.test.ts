import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { effectDialogs } from './support/trust';

/** Decision 0017: an admin closes an account from the users page, with a reason; operators cannot. */
describe('closing an account in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let admin: Person;
  let operator: Person;
  let participant: Person;
  let auditor: Person;

  beforeAll(async () => {
    sais = await startConsolePlatform('users-close');
    admin = await sais.account(['admin']);
    operator = await sais.account(['operator']);
    participant = await sais.account([]);
    auditor = await sais.account(['auditor']);
  });
  afterAll(async () => {
    await sais?.close();
  });

  it('an operator sees the account but no close button, and the server refuses them', async () => {
    const { context, page } = await sais.browse(operator);
    try {
      await page.goto(`${sais.origin}/console/#/users/${participant.userId}/show`);
      await page.getByTestId('disable').waitFor();
      await expect.poll(() => page.getByTestId('close-account').count()).toBe(0);
      // A staff member's account: only admins disable it (the server refuses operators, 10052): no button.
      const reviewer = await sais.account(['reviewer']);
      await page.goto(`${sais.origin}/console/#/users/${reviewer.userId}/show`);
      await page.getByText(reviewer.username).first().waitFor();
      await expect.poll(() => page.getByTestId('disable').count()).toBe(0);
      await expect.poll(() => page.getByTestId('enable').count()).toBe(0);
      const refused = await sais.api(operator, `/api/admin/users/${participant.userId}/close`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'no' }),
      });
      expect(refused.status).toBe(403);
    } catch (error) {
      throw await explained(page, error, 'users-close');
    } finally {
      await context.close();
    }
  });

  it('an admin closes it with a reason (zh-CN): it shows as closed and cannot sign in', async () => {
    const { context, page } = await sais.browse(admin);
    try {
      await page.goto(`${sais.origin}/console/#/users/${participant.userId}/show`);
      // Cancel: no event, the account still open and signed in.
      const { cancelChangesNothing, confirmAppends } = effectDialogs(sais, auditor);
      const close = () => page.getByTestId('close-account').click();
      await cancelChangesNothing(page, close, new RegExp(`${participant.username}.*此操作无法撤销`));
      const detail = await sais.api<{ status: string }>(admin, `/api/admin/users/${participant.userId}`);
      expect(detail.body.data.status).toBe('active');
      expect((await sais.api(participant, '/api/user/detail')).status).toBe(200);
      // Confirm: exactly the closing (its sessions end with it).
      await close();
      await confirmAppends(page, { reason: '本人邮件申请注销' }, [
        'identity.AccountClosed',
        'identity.SessionRevoked',
      ]);
      expect((await sais.api(participant, '/api/user/detail')).status).toBe(401);
      await page.getByText('账号已注销').first().waitFor();
      await page.getByText('已注销（个人信息待删除）').waitFor();
      await expect.poll(() => page.getByTestId('close-account').count()).toBe(0);
      await page.screenshot({ path: '/tmp/sais-console-users-close.png', fullPage: true });

      const login = await fetch(`${sais.origin}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ username: participant.username, password: 'Secret1234' }),
      });
      expect(await login.json()).toMatchObject({ code: 10070 });
      // The list filters closed accounts too.
      const closed = await sais.api<{ id: string; status: string }[]>(
        admin,
        `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ status: 'closed' }))}`,
      );
      expect(closed.body.data.map((user) => user.id)).toEqual([participant.userId]);
      // An admin cannot close their own account here.
      const own = await sais.api(admin, `/api/admin/users/${admin.userId}/close`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'me' }),
      });
      expect(own.body.code).toBe(10051);
    } catch (error) {
      throw await explained(page, error, 'users-close');
    } finally {
      await context.close();
    }
  });
});
