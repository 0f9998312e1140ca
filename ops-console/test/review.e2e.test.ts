import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitVerification } from './support/verification';
import { type ConsolePlatform, type Person, startConsolePlatform } from './support/platform';

const screenshot = '/tmp/sais-console-review.png';
const screenshotEnglish = '/tmp/sais-console-review-reject-en.png';

/**
 * The reviewers' workflow against the real platform: every service in this process on a fresh
 * database, serving the console built from this tree (into ops-console/dist, where the gateway looks).
 */
describe('identity review in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let origin: string;
  let reviewer: Person;
  let first: Person & { verificationId: string };
  let second: Person & { verificationId: string };
  const api = (...args: Parameters<ConsolePlatform['api']>) => sais.api(...args);
  const account = (...args: Parameters<ConsolePlatform['account']>) => sais.account(...args);
  const browse = (person: Person) => sais.browse(person);

  /** A participant who submitted an ID card with both photos, through the API as the portal does. */
  async function participantWithSubmission(hue: [number, number, number]) {
    const person = await account([]);
    const submitted = await submitVerification(api, person, {
      name: '张三',
      certificateNumber: '11010519491231002X',
      hue,
    });
    expect(submitted.body).toMatchObject({ code: 0 });
    return { ...person, verificationId: submitted.body.data.verificationId as string };
  }

  const photosLoaded = (page: Page, count: number) =>
    page.waitForFunction((expected) => {
      const images = [...document.querySelectorAll<HTMLImageElement>('img[data-testid="certificate-photo"]')];
      return images.length === expected && images.every((image) => image.complete && image.naturalWidth > 0);
    }, count);

  beforeAll(async () => {
    sais = await startConsolePlatform('console');
    ({ origin } = sais);
    reviewer = await account(['reviewer']);
    first = await participantWithSubmission([30, 110, 220]);
    second = await participantWithSubmission([40, 170, 90]);
  });

  afterAll(async () => {
    await sais?.close();
  });

  it('a reviewer rejects one verification with a listed reason and approves another', async () => {
    const { context, page } = await browse(reviewer);
    try {
      // The portal's /review sends reviewers here: the queue, oldest first.
      await page.goto(`${origin}/console/#/review`);
      await page.waitForURL(/#\/verifications/);
      const rows = page.locator('tbody tr');
      // The list shows placeholder rows while it loads: wait for the loaded ones.
      await expect
        .poll(() => rows.allTextContents())
        .toEqual([expect.stringContaining(first.username), expect.stringContaining(second.username)]);
      await page.getByTestId('menu-review').waitFor();

      await rows.filter({ hasText: first.username }).click();
      await page.waitForURL(new RegExp(`#/verifications/${first.verificationId}/show`));
      await photosLoaded(page, 2);
      await expect.poll(() => page.getByText('1101***********02X').count()).toBe(1);
      await page.screenshot({ path: screenshot, fullPage: true });

      await page.getByTestId('reject').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: '照片模糊' }).check();
      await dialog.getByRole('button', { name: '驳回', exact: true }).click();
      await page.getByText(`已驳回：已告知 张三 驳回原因`).waitFor();
      await page.waitForURL(/#\/verifications(\?|$)/);
      await page.getByText(first.username).waitFor({ state: 'detached' });
      const rejected = await api(first, '/api/user/getAuthentication');
      expect(rejected.body.data).toMatchObject({ status: 'Not Verified', reason: '照片模糊' });

      await rows.filter({ hasText: second.username }).click();
      await photosLoaded(page, 2);
      // The reviewer types the number read from the photo and ticks each photo rule (issue 19).
      await page.getByTestId('number-read').fill('11010519491231002X');
      for (const check of ['armAndUpperBodyVisible', 'faceUnobstructed', 'detailsClear'])
        await page.getByTestId(`check-${check}`).check();
      await page.getByTestId('approve').click();
      await page.getByText('已通过：张三 已完成实名认证').waitFor();
      await expect((await api(second, '/api/user/getAuthentication')).body.data.status).toBe('Verified');
      await page.waitForURL(/#\/verifications(\?|$)/);
      await page.getByText(second.username).waitFor({ state: 'detached' });

      // Each photo shown to the reviewer was decrypted for that view and recorded as an event.
      const views = await sql<{ n: number }>`select count(*)::int as n from identity.events
        where type = 'identity.IdentityDocumentViewed'`.execute(sais.platform.database.db);
      expect(views.rows[0]!.n).toBeGreaterThanOrEqual(4);

      // Decided verifications are one status filter away, with who decided and why.
      await page.goto(
        `${origin}/console/#/verifications?filter=${encodeURIComponent('{"status":"rejected"}')}`,
      );
      await page
        .locator('tbody tr')
        .filter({ hasText: first.username })
        .filter({ hasText: reviewer.username })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('a written reason reaches the participant too, and the console speaks English when chosen', async () => {
    const third = await participantWithSubmission([200, 80, 60]);
    const { context, page } = await browse(reviewer);
    try {
      await context.addInitScript(() => localStorage.setItem('language', 'en'));
      await page.goto(`${origin}/console/#/verifications/${third.verificationId}/show`);
      await photosLoaded(page, 2);
      await page.getByTestId('reject').click();
      const dialog = page.getByRole('dialog');
      const confirm = dialog.getByRole('button', { name: 'Reject', exact: true });
      await dialog.getByRole('radio', { name: 'Another reason…' }).check();
      await expect.poll(() => confirm.isDisabled()).toBe(true);
      await dialog.getByRole('textbox').fill('The back of the card is missing');
      await page.screenshot({ path: screenshotEnglish });
      await confirm.click();
      await page.getByText('Rejected: 张三 has been told why').waitFor();
      const rejected = await api(third, '/api/user/getAuthentication');
      expect(rejected.body.data).toMatchObject({
        status: 'Not Verified',
        reason: 'The back of the card is missing',
      });
    } finally {
      await context.close();
    }
  });

  it('a participant sees no review menu, is turned away from /review, and the API refuses them', async () => {
    const participant = await account([]);
    const { context, page } = await browse(participant);
    try {
      await page.goto(`${origin}/console/`);
      await expect.poll(() => page.getByTestId('roles').textContent()).toBe('你的角色参赛者');
      await expect.poll(() => page.getByTestId('menu-review').count()).toBe(0);
      await expect.poll(() => page.locator('a[href="#/verifications"]').count()).toBe(0);

      await page.goto(`${origin}/console/#/review`);
      await page.getByText('你没有访问此页面的权限').waitFor();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(0);

      const answer = await page.evaluate(async () => {
        const response = await fetch('/api/admin/verifications', { headers: { 'accept-language': 'en' } });
        return { status: response.status, body: await response.json() };
      });
      expect(answer).toEqual({
        status: 403,
        body: { code: 403, message: 'You do not have permission for this action', data: null },
      });
      expect(
        (
          await api(participant, `/api/admin/verifications/${first.verificationId}/approve`, {
            method: 'POST',
          })
        ).status,
      ).toBe(403);
      expect((await api(null, '/api/admin/verifications')).status).toBe(401);
    } finally {
      await context.close();
    }
  });
});
