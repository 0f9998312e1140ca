import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { prizeCompetition } from './support/trust';

const shots = fileURLToPath(new URL('../../docs/console/', import.meta.url));
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const rawType = /\b(?:identity|competition|team|scoring)\.[A-Z][A-Za-z]+/;

/** Headings and short cell texts that break over more than one line (名/次, 运营人/员 at 1366 px). */
const brokenHeadings = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('thead th, tbody td')].flatMap((cell) => {
      // A text that wraps has a box per line.
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!text || (cell.tagName === 'TD' && text.length > 8)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) return [node.textContent];
      }
      return [];
    }),
  );

/**
 * Issue 35 points 4 and 5 as staff walk them in Chromium at 1366 px, in a browser whose own zone is New
 * York: event histories in words (types, streams, the role of a staff sign-in), the zh-CN competition
 * editor in Chinese, buttons keep a username's case, headings on one line, and one time rule — times of
 * no competition in the platform's zone, competition times in the competition's, the reader's own on hover.
 */
describe('staff pages in words and one time rule (issue 35)', () => {
  let sais: ConsolePlatform;
  let operator: Person;
  let auditor: Person;
  let competitionId: string;

  beforeAll(async () => {
    sais = await startConsolePlatform('staff-words');
    operator = await sais.account(['operator']);
    auditor = await sais.account(['auditor']);
    competitionId = await prizeCompetition(sais, operator, 'Catalyst yield', '催化剂产率预测');
  });

  afterAll(async () => {
    await sais?.close();
  });

  async function browse(person: Person, language: 'zh-CN' | 'en') {
    const context = await sais.browser.newContext({
      viewport: { width: 1366, height: 900 },
      timezoneId: 'America/New_York',
    });
    await context.addCookies([{ ...person.cookie, url: sais.origin }]);
    await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    return { context, page: await context.newPage() };
  }

  for (const language of ['zh-CN', 'en'] as const) {
    const words = {
      'zh-CN': {
        signedIn: '登录',
        operator: '运营人员',
        session: '登录会话',
        competition: '比赛',
        title: '催化剂产率预测',
      },
      en: {
        signedIn: 'Signed in',
        operator: 'Operator',
        session: 'Session',
        competition: 'Competition',
        title: 'Catalyst yield',
      },
    }[language];

    it(`an auditor reads the event history in words, times in the platform's zone (${language})`, async () => {
      const { context, page } = await browse(auditor, language);
      try {
        await page.goto(`${sais.origin}/console/#/audit/identity/events`);
        const rows = page.locator('tbody tr');
        // The operator's sign-in: "Signed in", in the operator's role, on their session by name.
        const signIn = rows.filter({ hasText: `${words.session} · ${operator.username}` }).first();
        await signIn.waitFor();
        const cells = await signIn.locator('td').allTextContents();
        expect(cells).toContain(words.signedIn);
        expect(cells).toContain(words.operator);
        await expect(signIn.getByTestId('event-type').getAttribute('data-type')).resolves.toBe(
          'identity.SessionStarted',
        );
        await page.waitForFunction(() => !document.querySelector('tbody')?.textContent?.includes('…'));
        const table = (await page.locator('tbody').textContent()) ?? '';
        expect(table).not.toMatch(rawType);
        expect(table).not.toMatch(uuid);
        // No time of this page is in the browser's zone: each is the platform's, named.
        const times = await page.getByTestId('zoned-time').allTextContents();
        expect(times.length).toBeGreaterThan(2);
        for (const time of times)
          expect(time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+8 \(Asia\/Shanghai\)$/);
        await page.getByTestId('zoned-time').first().hover();
        await page.getByRole('tooltip').filter({ hasText: 'America/New_York' }).waitFor();
        expect(await brokenHeadings(page)).toEqual([]);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${shots}event-history-${language}.png`, animations: 'disabled' });

        // The competition service's history: the competition by its title, in the reader's language.
        await page.goto(`${sais.origin}/console/#/audit/competition/events`);
        await rows
          .filter({ hasText: `${words.competition} · ${words.title}` })
          .first()
          .waitFor();
        await page.waitForFunction(() => !document.querySelector('tbody')?.textContent?.includes('…'));
        expect((await page.locator('tbody').textContent()) ?? '').not.toMatch(uuid);
      } catch (error) {
        throw await explained(page, error, `staff-words-${language}`);
      } finally {
        await context.close();
      }
    });

    it(`an operator edits a competition: title in the reader's language, times in its zone (${language})`, async () => {
      const { context, page } = await browse(operator, language);
      try {
        await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
        const title = page.locator('#react-admin-title');
        await title.filter({ hasText: words.title }).waitFor();
        const other = language === 'en' ? '催化剂产率预测' : 'Catalyst yield';
        await expect(title.textContent()).resolves.not.toContain(other);
        const body = (await page.locator('body').innerText()) ?? '';
        if (language === 'zh-CN') expect(body).not.toContain('Clear the list');
        // Buttons keep the case their words were written in.
        const transforms = await page
          .locator('button')
          .evaluateAll((buttons) => [
            ...new Set(buttons.map((button) => getComputedStyle(button).textTransform)),
          ]);
        expect(transforms).toEqual(['none']);
        // The schedule is shown and typed in the competition's zone, named.
        await page.getByText('Asia/Shanghai').first().waitFor();
        expect(await brokenHeadings(page)).toEqual([]);
        await page.screenshot({ path: `${shots}competition-edit-${language}.png`, animations: 'disabled' });
      } catch (error) {
        throw await explained(page, error, `staff-words-edit-${language}`);
      } finally {
        await context.close();
      }
    });
  }
});
