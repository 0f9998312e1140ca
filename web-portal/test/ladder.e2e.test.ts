import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { scoring, scoringCodes } from '@sais/events';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import type { Mailbox } from './support/mailbox';
import { type SignedInPage, apiOf, scoredParticipant, signedInPage, until } from './support/one-phase';
import { type RunningPlatform, startPortal } from './support/platform';

const shots = fileURLToPath(new URL('../../docs/portal/', import.meta.url));
const ids = Array.from({ length: 40 }, (_, i) => `m${i}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5}`).join('\n')}\n`;
/** Off by 0.97 on every id: RMSE 0.97, shown as 1 under a Ladder of step 0.1. */
const mine = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5 + 0.97}`).join('\n')}\n`;

/**
 * Decision 0045 in Chromium against the real platform (the run's mode): the public board of a phase
 * with the Ladder on says so, in both languages, and shows the rounded score; my submissions say
 * "scored" without a number; a blind phase's board is a note, not a board.
 */
describe('the Ladder and blind phases in the portal', () => {
  let mailbox: Mailbox;
  let running: RunningPlatform;
  let browser: Browser;
  let page: Page;
  let language: SignedInPage['language'];
  let origin: string;
  let competitionId: string;
  const stamp = 100_000 + (Date.now() % 900_000);
  let consoleErrors: string[];
  /** The API as a signed-in browser calls it (once the platform runs). */
  const call: ReturnType<typeof apiOf>['call'] = (...args) => apiOf(origin).call(...args);
  let operatorCookie = '';
  let participantCookie = '';

  beforeAll(async () => {
    ({ mailbox, running, origin } = await startPortal({ SAIS_SEED: 'off' }));
    // An operator makes a one-phase competition without prize money (one operator publishes) and sets
    // its ground truth; a participant signed up submits their file, which is scored.
    const scored = await scoredParticipant(running, {
      stamp,
      metric: 'rmse',
      revealGroundTruth: false,
      truth,
      mine,
    });
    competitionId = scored.competitionId;
    const { operator, participant } = scored;

    // The operator turns the Ladder on (step 0.1) for the phase.
    operatorCookie = operator;
    participantCookie = participant;
    expect(
      (
        await call(operator, '/admin/leaderboard/options', {
          competitionId,
          phase: 'preliminary',
          ladderStep: 0.1,
          blind: false,
          reason: 'no probing',
        } satisfies scoring.requests.BoardOptionsBody)
      ).code,
    ).toBe(0);
    await until(
      () => call(participant, `/leaderboard/public?competitionId=${competitionId}`),
      (answer) => (answer.data as { options?: { ladderStep: number | null } })?.options?.ladderStep === 0.1,
      'the Ladder on the board',
    );

    browser = await launchChromium();
    ({ page, consoleErrors, language } = await signedInPage(browser, origin, participant));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await mailbox?.close();
  });

  it('says on the public board that the Ladder is on, with its step, in both languages', async () => {
    await page.goto(`${origin}/competitionDetail/${competitionId}/leaderboard`);
    await language('zh-CN');
    const note = page.getByTestId('leaderboard-ladder');
    await expect.poll(() => note.textContent(), { timeout: 30_000 }).toBe(scoring.ladderText('zh-CN', 0.1));
    // The honest 0.97 shows as 1 (rounded away from better).
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toContain('1');
    await page.screenshot({ path: join(shots, 'leaderboard-ladder-zh-CN.png'), fullPage: true });
    await language('en');
    await expect.poll(() => note.textContent(), { timeout: 30_000 }).toBe(scoring.ladderText('en', 0.1));
    await page.screenshot({ path: join(shots, 'leaderboard-ladder-en.png'), fullPage: true });
    // My submissions: "scored", no number.
    await page.goto(`${origin}/competitionDetail/${competitionId}/mySubmissions`);
    await expect
      .poll(() => page.getByTestId('submission-score').first().textContent(), { timeout: 30_000 })
      .toBe('scored (see the leaderboard)');
  });

  it('shows a blind phase’s board as a note, to the participant', async () => {
    const set = await call(operatorCookie, '/admin/leaderboard/options', {
      competitionId,
      phase: 'preliminary',
      ladderStep: 0.1,
      blind: true,
      reason: 'a blind phase',
    } satisfies scoring.requests.BoardOptionsBody);
    expect(set.code).toBe(0);
    await until(
      () => call(participantCookie, `/leaderboard/public?competitionId=${competitionId}`),
      (answer) => answer.code === scoringCodes.publicBoardBlind,
      'the board blind',
    );
    await page.goto(`${origin}/competitionDetail/${competitionId}/leaderboard`);
    await language('en');
    await expect
      .poll(() => page.getByTestId('leaderboard-blind').first().textContent(), { timeout: 30_000 })
      .toMatch(/^This phase is blind/);
    await page.screenshot({ path: join(shots, 'leaderboard-blind-en.png'), fullPage: true });
    // The blind board's 403 is the browser's one console line (the page handles the answer).
    expect(consoleErrors.filter((text) => !text.includes('403'))).toEqual([]);
  });
});
