import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type WitnessSigner, witnessLogs, witnessSignerOf } from '@sais/kit/transparency';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import type { Mailbox } from './support/mailbox';
import { contextCaller, registerInContext, verifyInContext } from './support/participant';
import { type RunningPlatform, startPortal } from './support/platform';

const shots = fileURLToPath(new URL('../../docs/portal/', import.meta.url));

/**
 * Issue 35 points 5, 7 and 9 as a visitor and a participant walk them in Chromium at 1366 px, in both
 * languages, in a browser whose own zone is New York: competition cards as Kaggle's (picture, entrants,
 * the phase's deadline in the competition's zone, named), the seeded team-forming deadline at the end of
 * its day in Shanghai, no placeholder or developer text, file sizes in human units.
 */
describe('public pages in plain words (issue 35)', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let participant: BrowserContext;
  let competitionId = '';
  const stamp = 100_000 + (Date.now() % 900_000);
  const reviewer = { username: `rev${stamp}`, password: 'Review1234' };
  const eventLogs = ['identity', 'competition', 'team', 'scoring'];
  let witness: WitnessSigner;
  let witnessState = '';

  beforeAll(async () => {
    witness = await witnessSignerOf(generateKeyPairSync('ed25519').privateKey, 'witness.example.org/portal');
    witnessState = await mkdtemp(join(tmpdir(), 'sais-portal-witness-'));
    ({ mailbox, running } = await startPortal({ SAIS_WITNESS_KEYS: witness.key.text }));
    browser = await launchChromium();
    await running.createStaff(reviewer.username, reviewer.password, ['reviewer']);
    await running.openRegistration();
    // One participant signs up for the first track: its card counts one entrant.
    participant = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      timezoneId: 'America/New_York',
    });
    await registerInContext(participant, running.origin, mailbox, `plain${stamp}`);
    await verifyInContext(participant, running.origin, '赵六', reviewer);
    const call = contextCaller(participant, running.origin);
    const { records } = await call<{ records: { competitionId: string }[] }>('/race/list?season=2027');
    competitionId = records[0]!.competitionId;
    // The approval reaches the competition service through the bus: sign-up is taken once it has.
    for (let started = Date.now(); ;) {
      const response = await participant.request.post(`${running.origin}/api/race/signUp`, {
        data: { competitionId, agreements: ['rules-2027'] },
      });
      const { code } = (await response.json()) as { code: number };
      if (code === 0) break;
      if (Date.now() - started > 20_000) throw new Error(`sign-up still refused: ${code}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // And forms a team: the card counts one team (competition_teams, from the team service's events).
    // The sign-up reaches the team service through the bus too.
    for (let started = Date.now(); ;) {
      const formed = await participant.request.post(`${running.origin}/api/team/create`, {
        data: { competitionId, name: `plain${stamp}`.slice(0, 30) },
      });
      const { code } = (await formed.json()) as { code: number };
      if (code === 0) break;
      if (Date.now() - started > 20_000) throw new Error(`team still refused: ${code}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  async function visitor(language: 'zh-CN' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      timezoneId: 'America/New_York',
    });
    await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    return { context, page: await context.newPage() };
  }

  const words = {
    'zh-CN': {
      entrants: '报名人数：1 · 团队数：1',
      closes: '报名截止',
      zone: '（北京时间）',
      checks: '您可以自行核验的内容',
      witnessed: '已有 1 个独立见证者中的 1 个见证此检查点（每个联署签名均在您的浏览器中核验）',
    },
    en: {
      entrants: 'Entrants: 1 · Teams: 1',
      closes: 'Registration closes',
      zone: '(China Standard Time)',
      checks: 'What you can check yourself',
      witnessed: 'Seen by 1 of 1 independent witnesses, each cosignature checked in your browser',
    },
  } as const;

  for (const language of ['zh-CN', 'en'] as const) {
    it(`competition cards show a picture, entrants and the deadline in the competition's zone (${language})`, async () => {
      const { context, page } = await visitor(language);
      try {
        await page.goto(`${running.origin}/competitions`);
        const cards = page.getByTestId('competition-card');
        await expect.poll(() => cards.count()).toBe(5);
        const covers = await page
          .getByTestId('card-cover')
          .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('data-cover')));
        // One generated picture per competition, each its own, the same on the next visit.
        expect(new Set(covers).size).toBe(5);
        const first = cards.filter({
          has: page.locator(`a[href$="/competitionDetail/${competitionId}/format"]`),
        });
        // The team reaches the competition service through the bus.
        await expect
          .poll(async () => {
            await page.reload();
            return first.getByTestId('card-entrants').textContent();
          })
          .toBe(words[language].entrants);
        // Registration is open: it closes at the end of 2027-05-25 in Shanghai, said so.
        const deadline = first.getByTestId('card-deadline');
        const text = (await deadline.textContent()) ?? '';
        expect(text.startsWith(words[language].closes)).toBe(true);
        expect(text.endsWith(words[language].zone)).toBe(true);
        // The zone is written in the time itself (decision 0034).
        expect(text).toMatch(
          language === 'en' ? /May 25, 2027.*11:59\s?PM GMT\+8/ : /2027年5月25日 23:59 GMT\+8/,
        );
        await expect
          .poll(() => deadline.getByTestId('zoned-time').getAttribute('data-zone'))
          .toBe('Asia/Shanghai');
        // The reader's own time on hover (New York).
        await deadline.getByTestId('zoned-time').hover();
        await page.getByRole('tooltip').waitFor();
        await expect
          .poll(() => page.getByRole('tooltip').textContent())
          .toMatch(/2027.*(11:59|10:59|上午|AM)/);
        await page.mouse.move(0, 0);
        await page.reload();
        await expect.poll(() => cards.count()).toBe(5);
        await expect(
          page
            .getByTestId('card-cover')
            .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('data-cover'))),
        ).resolves.toEqual(covers);
        await page.screenshot({ path: `${shots}competition-cards-${language}.png`, animations: 'disabled' });

        // The seeded team-forming deadline ends its day in Shanghai, like every other date (not 07:59).
        await page.goto(`${running.origin}/competitionDetail/${competitionId}/format`);
        const merge = page.getByTestId('rule-mergeDeadline');
        await merge.waitFor();
        await expect
          .poll(() => merge.textContent())
          .toMatch(language === 'en' ? /May 10, 2027.*11:59\s?PM GMT\+8/ : /2027年5月10日 23:59 GMT\+8/);

        // Files: sizes in human units, never raw bytes.
        await page.goto(`${running.origin}/competitionDetail/${competitionId}/competitionData`);
        const datasets = page.getByTestId('files-dataset');
        await datasets.getByRole('row').filter({ hasText: 'train.csv' }).waitFor();
        const sizes = (await datasets.textContent()) ?? '';
        expect(sizes).toMatch(/\d+\.\d KB/);
        expect(sizes).not.toMatch(/\d{4,} B\b/);
      } finally {
        await context.close();
      }
    });

    it(`the about page says what a participant can check and links the docs, no commands (${language})`, async () => {
      const { context, page } = await visitor(language);
      try {
        // An independent witness cosigns every log's latest checkpoint (decision 0033); the page checks
        // each cosignature in the browser and says how many of the listed witnesses saw the latest one.
        for (let round = 0; ; round++) {
          await witnessLogs({ url: running.origin, state: witnessState, signer: witness, logs: eventLogs });
          await page.goto(`${running.origin}/intro`);
          await page.getByTestId('transparency-key').waitFor();
          // A log with no checkpoint yet (no events) has no line.
          let checkpointed = 0;
          for (const log of eventLogs) {
            const answer = await context.request.get(
              `${running.origin}/api/transparency/${log}/checkpoints?limit=1`,
            );
            if (((await answer.json()) as { data: { latest: unknown } }).data.latest) checkpointed++;
          }
          expect(checkpointed).toBeGreaterThan(0);
          await expect.poll(() => page.getByTestId('transparency-witnesses').count()).toBe(checkpointed);
          const said = await page.getByTestId('transparency-witnesses').allTextContents();
          if (said.every((line) => line === words[language].witnessed) || round === 3) {
            expect(said).toEqual(said.map(() => words[language].witnessed));
            break;
          }
        }
        const section = page.getByTestId('transparency');
        const text = (await section.textContent()) ?? '';
        expect(text).not.toContain('npm run');
        expect(text).toContain(words[language].checks);
        await expect.poll(() => page.getByTestId('transparency-checks').locator('li').count()).toBe(3);
        await expect
          .poll(() => page.getByTestId('transparency-docs').locator('a').getAttribute('href'))
          .toBe('/api/docs');
        const docs = await context.request.get(`${running.origin}/api/docs`);
        expect(docs.status()).toBe(200);
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}intro-transparency-${language}.png`, animations: 'disabled' });
      } finally {
        await context.close();
      }
    });

    it(`the authentication page says plainly which verification exists (${language})`, async () => {
      // A newcomer, not verified yet: the page offers the verification that exists.
      const { context, page } = await visitor(language);
      try {
        await registerInContext(
          context,
          running.origin,
          mailbox,
          `new${language === 'en' ? 'en' : 'zh'}${stamp}`,
        );
        await page.goto(`${running.origin}/user/myAuth`);
        const option = page.getByTestId('payment-app-unavailable');
        await option.waitFor();
        const text = (await option.textContent()) ?? '';
        expect(text).not.toMatch(/尚未开放|敬请期待|not available yet/);
        expect(text).toContain(language === 'en' ? 'is not offered' : '本平台不提供支付宝实名认证');
        await option.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}my-auth-plain-${language}.png`, animations: 'disabled' });
      } finally {
        await context.close();
      }
    });
  }
});
