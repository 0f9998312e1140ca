import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { scoring, scoringCodes } from '@sais/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScoredPortal, startScoredPortal, until } from './support/one-phase';

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
  let portal: ScoredPortal;
  const stamp = 100_000 + (Date.now() % 900_000);

  beforeAll(async () => {
    portal = await startScoredPortal({ stamp, metric: 'rmse', revealGroundTruth: false, truth, mine });
    const { call, competitionId, operator, participant } = portal;

    // The operator turns the Ladder on (step 0.1) for the phase.
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
  }, 180_000);

  afterAll(() => portal?.close());

  it('says on the public board that the Ladder is on, with its step, in both languages', async () => {
    const { page, language, origin, competitionId } = portal;
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
    const { page, language, origin, competitionId, consoleErrors, call, operator, participant } = portal;
    const set = await call(operator, '/admin/leaderboard/options', {
      competitionId,
      phase: 'preliminary',
      ladderStep: 0.1,
      blind: true,
      reason: 'a blind phase',
    } satisfies scoring.requests.BoardOptionsBody);
    expect(set.code).toBe(0);
    await until(
      () => call(participant, `/leaderboard/public?competitionId=${competitionId}`),
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
