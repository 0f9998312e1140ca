import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitVerification } from './support/verification';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';

const shots = fileURLToPath(new URL('../../docs/console/', import.meta.url));

/**
 * Issue 35 (points 1 and 3), in Chromium against the real platform: a reviewer sees on the case itself
 * that the ID number is on another account under another name, before deciding; an operator's
 * identity-signals page finds accounts by name in its account filter (it waited for ever on a 400).
 */
describe('one document behind several accounts, for the reviewer and the operator', () => {
  let sais: ConsolePlatform;
  let reviewer: Person;
  let operator: Person;
  let wang: Person & { verificationId: string };
  let alice: Person & { verificationId: string };

  async function verify(name: string, hue: [number, number, number]) {
    const person = await sais.account([]);
    const submitted = await submitVerification(sais.api, person, {
      name,
      certificateNumber: '110105194912310230',
      hue,
    });
    expect({ name, body: submitted.body }).toMatchObject({ body: { code: 0 } });
    return { ...person, verificationId: submitted.body.data.verificationId as string };
  }

  beforeAll(async () => {
    sais = await startConsolePlatform('samedoc');
    reviewer = await sais.account(['reviewer']);
    operator = await sais.account(['operator']);
    wang = await verify('王小明', [30, 110, 220]);
    alice = await verify('Alice Smith', [40, 170, 90]);
  });
  afterAll(async () => {
    await sais?.close();
  });

  /** Waits until both certificate photos of the case are drawn. */
  const photosShown = (page: Page) =>
    page.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('img[data-testid="certificate-photo"]')];
      return images.length === 2 && images.every((image) => image.complete && image.naturalWidth > 0);
    });
  const open = async (page: Page, verificationId: string) => {
    await page.goto(`${sais.origin}/console/#/verifications/${verificationId}/show`);
    await page.getByTestId('approve').waitFor();
  };

  it('warns the reviewer on the case, in zh-CN and en, naming the other account and name', async () => {
    const { context, page } = await sais.browse(reviewer);
    try {
      await page.setViewportSize({ width: 1366, height: 800 });
      await open(page, alice.verificationId);
      const warning = page.getByTestId('same-document');
      await warning.getByText('该证件号码已在其他账号使用').waitFor();
      await expect
        .poll(() => page.getByTestId('same-document-case').allTextContents())
        .toEqual([
          expect.stringMatching(
            new RegExp(`^${wang.username} — 姓名“王小明”，待审核，提交于 \\d{4}-\\d\\d-\\d\\d`),
          ),
        ]);
      await photosShown(page);
      await page.screenshot({ path: `${shots}same-document-zh-CN.png`, animations: 'disabled' });
      // The other case names this one: whichever comes first, the reviewer hears of the other.
      await open(page, wang.verificationId);
      await expect
        .poll(() => page.getByTestId('same-document-case').allTextContents())
        .toEqual([expect.stringContaining(`${alice.username} — 姓名“Alice Smith”，待审核`)]);
    } catch (error) {
      throw await explained(page, error, 'samedoc');
    } finally {
      await context.close();
    }
    const english = await sais.browse(reviewer, 'en');
    try {
      await english.page.setViewportSize({ width: 1366, height: 800 });
      await open(english.page, alice.verificationId);
      await english.page.getByText('The same document number is on other accounts').waitFor();
      await expect
        .poll(() => english.page.getByTestId('same-document-case').textContent())
        .toContain(`${wang.username} — name “王小明”, Pending, submitted`);
      await photosShown(english.page);
      await english.page.screenshot({ path: `${shots}same-document-en.png`, animations: 'disabled' });
    } catch (error) {
      throw await explained(english.page, error, 'samedoc-en');
    } finally {
      await english.context.close();
    }
    // A case whose number is on no other account shows no warning.
    const single = await sais.account([]);
    const submitted = await submitVerification(sais.api, single, {
      name: '李四',
      certificateNumber: '11010519491231002X',
      hue: [9, 9, 9],
    });
    const alone = await sais.api(reviewer, `/api/admin/verifications/${submitted.body.data.verificationId}`);
    expect(alone.body.data).toMatchObject({ sameDocument: [] });
    const plain = await sais.browse(reviewer);
    try {
      await open(plain.page, String(submitted.body.data.verificationId));
      await expect.poll(() => plain.page.getByTestId('same-document').count()).toBe(0);
    } finally {
      await plain.context.close();
    }
  });

  it('lets an operator filter identity signals by account, in zh-CN and en', async () => {
    for (const language of [undefined, 'en'] as const) {
      const { context, page } = await sais.browse(operator, language);
      try {
        await page.goto(`${sais.origin}/console/#/identity-signals`);
        const rows = page.locator('tbody tr');
        const kinds = language === 'en' ? 'One document, several accounts' : '同一证件多个账号';
        // The shared document, and the sign-ins of this test's accounts from one address (127.0.0.1).
        await expect.poll(() => rows.count()).toBe(2);
        const field = page.getByRole('combobox', { name: language === 'en' ? 'Account' : '账号' });
        await field.click();
        await field.fill(reviewer.username);
        // The accounts list answers the picker's query (it was a 400 and "请稍候" for ever).
        await page.getByRole('option', { name: reviewer.username }).click();
        await expect.poll(() => page.url()).toContain(reviewer.userId);
        // The reviewer signed in from the address; they are behind no document.
        await expect.poll(() => rows.count()).toBe(1);
        await expect.poll(() => rows.first().textContent()).not.toContain(kinds);
        await field.click();
        await field.fill(alice.username);
        await page.getByRole('option', { name: alice.username }).click();
        await expect.poll(() => page.url()).toContain(alice.userId);
        await expect.poll(() => rows.count()).toBe(2);
        await expect.poll(() => rows.filter({ hasText: kinds }).textContent()).toContain(wang.username);
      } catch (error) {
        throw await explained(page, error, 'idsignals');
      } finally {
        await context.close();
      }
    }
  });
});
