import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import {
  choose,
  formTeam,
  onPrivateBoard,
  scoredCompetition,
  signUp,
  uploadCsv,
  yieldCsv,
} from './support/scoring';

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
 * Header cells of the table(s) in `scope` whose words take more than one line: the height of the
 * cell's contents against the cell's line height (名/次 is two lines high). The contents, not the
 * cell's own box, which is as high as its row, so each broken heading is named, not its neighbours.
 */
const tallHeadings = (page: Page, scope: string) =>
  page.locator(`${scope} thead th`).evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const style = getComputedStyle(cell);
      const line = style.lineHeight.endsWith('px')
        ? parseFloat(style.lineHeight)
        : (parseFloat(style.lineHeight) || 1.2) * parseFloat(style.fontSize);
      const range = document.createRange();
      range.selectNodeContents(cell);
      const high = range.getBoundingClientRect().height;
      const text = (cell as HTMLElement).innerText.trim();
      return text && high >= 1.5 * line ? [`${text}: ${Math.round(high)} px high, line ${line} px`] : [];
    }),
  );

/** How far the page scrolls sideways (a table too wide for the window makes the whole page scroll). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

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
  /** A participant in a team whose name is mixed-case, and one on their own (named by their username). */
  let teamed: Person;
  let alone: Person;
  const teamName = 'CatLab Yield';

  beforeAll(async () => {
    sais = await startConsolePlatform('staff-words');
    operator = await sais.account(['operator']);
    auditor = await sais.account(['auditor']);
    competitionId = await scoredCompetition(
      sais,
      operator,
      yieldCsv(40, (i) => i * 5),
    );
    // Two participants whose errors are the same noise, one shifted: a collusion signal naming both teams.
    teamed = await sais.account([]);
    alone = await sais.account([]);
    for (const person of [teamed, alone]) await signUp(sais, person, competitionId);
    await formTeam(sais, teamed, competitionId, teamName);
    const noise = (i: number) => ((i * 7919) % 13) - 6;
    for (const [person, shift] of [
      [teamed, 0],
      [alone, 0.5],
    ] as const)
      await uploadCsv(
        sais,
        person,
        '/api/submission/upload',
        { competitionId },
        yieldCsv(40, (i) => i * 5 + noise(i) + shift),
      );
    await onPrivateBoard(sais, operator, competitionId, 2);
    // A file refused for its header: its own stream (`refusal-<id>`), named by competition and participant.
    const refusal = new FormData();
    refusal.set('competitionId', competitionId);
    refusal.set('file', new Blob(['wrong,header\nr0,1\n'], { type: 'text/csv' }), 'wrong.csv');
    const refused = await sais.api(alone, '/api/submission/upload', { method: 'POST', body: refusal });
    expect(refused.body).toMatchObject({ code: 40030 });
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
        phase: '阶段',
        preliminary: '初赛',
        title: '催化剂产率预测',
        disqualify: (team: string) => `取消 ${team} 资格`,
      },
      en: {
        signedIn: 'Signed in',
        operator: 'Operator',
        session: 'Session',
        competition: 'Competition',
        phase: 'Phase',
        preliminary: 'Preliminary',
        title: 'Catalyst yield',
        disqualify: (team: string) => `Disqualify ${team}`,
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
        await expect
          .poll(() => signIn.getByTestId('event-type').getAttribute('data-type'))
          .toBe('identity.SessionStarted');
        await page.waitForFunction(() => !document.querySelector('tbody')?.textContent?.includes('…'));
        const table = (await page.locator('tbody').textContent()) ?? '';
        expect(table).not.toMatch(rawType);
        expect(table).not.toMatch(uuid);
        // No time of this page is in the browser's zone: each is the platform's, its offset on the line
        // and its name on hover (one line in the table, issue 35).
        const times = await page.getByTestId('zoned-time').allTextContents();
        expect(times.length).toBeGreaterThan(2);
        for (const time of times) expect(time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+8$/);
        expect(
          new Set(
            await page
              .getByTestId('zoned-time')
              .evaluateAll((all) => all.map((time) => time.getAttribute('data-zone'))),
          ),
        ).toEqual(new Set(['Asia/Shanghai']));
        await page.getByTestId('zoned-time').first().hover();
        await page
          .getByRole('tooltip')
          .filter({ hasText: /GMT\+8 \(Asia\/Shanghai\)/ })
          .filter({ hasText: 'America/New_York' })
          .waitFor();
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

        // The team and scoring services' histories: streams by name too (sign-ups, teams, standings).
        for (const service of ['team', 'scoring']) {
          await page.goto(`${sais.origin}/console/#/audit/${service}/events`);
          await rows.first().getByTestId('stream-name').waitFor();
          await page.waitForFunction(() => !document.querySelector('tbody')?.textContent?.includes('…'));
          const text = (await page.locator('tbody').textContent()) ?? '';
          expect(text).not.toMatch(uuid);
          expect(text).not.toMatch(rawType);
          expect(await brokenHeadings(page)).toEqual([]);
        }
        // The refused file's stream: its competition and the participant, by name.
        const refusalRow = rows.filter({
          hasText: language === 'en' ? 'Result file refused' : '拒收结果文件',
        });
        await expect
          .poll(() => refusalRow.first().getByTestId('stream-name').textContent())
          .toBe(
            language === 'en'
              ? `Refused file · Catalyst yield · ${alone.username}`
              : `拒收文件 · 催化剂产率预测 · ${alone.username}`,
          );
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
        await expect.poll(() => title.textContent()).not.toContain(other);
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

    it(`an operator reads submissions, leaderboards and a signal: names as written, headings on one line (${language})`, async () => {
      const { context, page } = await browse(operator, language);
      try {
        // Submissions: every heading one line high, no short cell broken, the page not scrolling sideways.
        const filter = encodeURIComponent(JSON.stringify({ competitionId }));
        await page.goto(`${sais.origin}/console/#/submissions?filter=${filter}`);
        const rows = page.locator('tbody tr');
        await rows.filter({ hasText: teamName }).first().waitFor();
        await rows.filter({ hasText: alone.username }).first().waitFor();
        await page.waitForFunction(() => !document.querySelector('tbody')?.textContent?.includes('…'));
        expect(await tallHeadings(page, 'body')).toEqual([]);
        expect(await brokenHeadings(page)).toEqual([]);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${shots}submissions-${language}.png`, animations: 'disabled' });

        // Both leaderboards of the phase side by side: their headings on one line too.
        await page.goto(`${sais.origin}/console/#/leaderboards`);
        await choose(page, words.competition, words.title);
        await choose(page, words.phase, words.preliminary);
        for (const board of ['board-public', 'board-private'])
          await page.getByTestId(board).getByTestId('board-row').first().waitFor();
        for (const board of ['board-public', 'board-private'])
          expect(await tallHeadings(page, `[data-testid="${board}"]`)).toEqual([]);
        expect(await brokenHeadings(page)).toEqual([]);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${shots}leaderboards-${language}.png`, animations: 'disabled' });

        // The collusion signal's buttons name each team as its owner wrote it: the mixed-case team
        // name and the participant's own lower-case username, never upper-cased.
        await page.goto(`${sais.origin}/console/#/signals?filter=${filter}`);
        const buttons = page.getByTestId('signal-disqualify');
        await buttons.nth(1).waitFor();
        const shown = await buttons.evaluateAll((all) =>
          all.map((button) => ({
            text: (button as HTMLElement).innerText.trim(),
            transform: getComputedStyle(button).textTransform,
          })),
        );
        expect(shown.map(({ text }) => text).sort()).toEqual(
          [words.disqualify(teamName), words.disqualify(alone.username)].sort(),
        );
        expect(new Set(shown.map(({ transform }) => transform))).toEqual(new Set(['none']));
        expect(await tallHeadings(page, 'body')).toEqual([]);
        expect(await brokenHeadings(page)).toEqual([]);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: `${shots}signals-${language}.png`, animations: 'disabled' });
      } catch (error) {
        throw await explained(page, error, `staff-words-lists-${language}`);
      } finally {
        await context.close();
      }
    });

    it(`every other list an operator opens fits 1366 px, headings on one line, no word broken (${language})`, async () => {
      const { context, page } = await browse(operator, language);
      try {
        for (const list of ['competitions', 'teams', 'users']) {
          await page.goto(`${sais.origin}/console/#/${list}`);
          await page.locator('thead th').first().waitFor();
          await page.waitForFunction(() => !document.querySelector('tbody')?.textContent?.includes('…'));
          expect({ list, tall: await tallHeadings(page, 'body') }).toEqual({ list, tall: [] });
          expect({ list, broken: await brokenHeadings(page) }).toEqual({ list, broken: [] });
          expect({ list, sideways: await sideways(page) }).toEqual({ list, sideways: 0 });
        }
      } catch (error) {
        throw await explained(page, error, `staff-words-others-${language}`);
      } finally {
        await context.close();
      }
    });
  }
});
