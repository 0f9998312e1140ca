import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScoredPortal, startScoredPortal, until } from './support/one-phase';

const ids = Array.from({ length: 40 }, (_, i) => `m${i}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5}`).join('\n')}\n`;
/** Off by `by` on every id: RMSE and MAE `by` on both boards. */
const off = (by: number) => `id,yield\n${ids.map((id, i) => `${id},${i * 2.5 + by}`).join('\n')}\n`;

/**
 * Decision 0046 in Chromium against the real platform (the run's mode): a board with two secondary
 * metric columns shows each after the score, the order in words with a clause per column in both
 * languages, and the browser's seal check recomputes the form v2 seal after publication. The organiser
 * chose r2 first (issue 37): the words follow the chosen steps and the seal digests them.
 */
describe('several metrics on the portal’s board', () => {
  let portal: ScoredPortal;
  const stamp = 100_000 + (Date.now() % 900_000);

  beforeAll(async () => {
    portal = await startScoredPortal({
      stamp,
      metric: 'rmse',
      // Published with the split key after the results, so the browser recomputes every metric.
      revealGroundTruth: true,
      truth,
      mine: off(0.75),
      secondaryMetrics: 'mae,r2',
    });
    const { call, competitionId, operator } = portal;
    // Sealed (form v2), the phase closed, the results published: the browser can check the seal.
    const phase = 'preliminary';
    // An organiser-chosen order (issue 37): r2 first, applied to the boards before the seal.
    const chosen = { competitionId, phase, ladderStep: null, blind: false, reason: 'r2 decides' };
    expect(
      (await call(operator, '/admin/leaderboard/options', { ...chosen, order: ['scores.r2'] })).code,
    ).toBe(0);
    await until(
      () => call(operator, `/leaderboard/public?competitionId=${competitionId}`),
      (answer) => (answer.data as { order: { steps: string[] } }).order.steps[0] === 'scores.r2',
      'the chosen order on the board',
    );
    // The scored row reaches the private board a moment after the submission reads Completed: until then
    // sealing answers "nothing to seal" (40040).
    const sealed = await until(
      () => call(operator, '/admin/leaderboard/seal', { competitionId, phase }),
      (answer) => answer.code !== 40040,
      'the private board sealed',
    );
    expect(sealed).toMatchObject({ code: 0, data: { form: 'v2' } });
    await portal.closeAndPublish();
  }, 180_000);

  afterAll(() => portal?.close());

  it('shows a column per secondary metric, the chosen order with them in both languages, and checks the v2 seal', async () => {
    const { page, language, origin, competitionId } = portal;
    await page.goto(`${origin}/competitionDetail/${competitionId}/leaderboard`);
    await language('zh-CN');
    await expect.poll(() => page.getByTestId('leaderboard-row').count(), { timeout: 30_000 }).toBe(1);
    await expect(page.getByTestId('leaderboard-column').allTextContents()).resolves.toEqual(['mae', 'r2']);
    const cells = await page.getByTestId('leaderboard-secondary').allTextContents();
    expect(cells).toHaveLength(2);
    expect(Number(cells[0])).toBeCloseTo(0.75, 3);
    expect(Number(cells[1])).toBeGreaterThan(0.9);
    await expect(page.getByTestId('leaderboard-order').textContent()).resolves.toContain(
      '排名规则：按 r2 高者在前（无该指标的行排在有该指标的行之后）；仍相同时分数低者在前；仍相同时按 mae 低者在前',
    );
    await language('en');
    await expect
      .poll(() => page.getByTestId('leaderboard-order').textContent(), { timeout: 30_000 })
      .toContain(
        'Order: higher r2 first (a row without it after those with it); then the lower score; then the lower mae (a row',
      );

    // The seal check in the browser recomputes form v2 from the published private board.
    await page.getByRole('button', { name: 'Recompute from the private leaderboard' }).click();
    await expect
      .poll(() => page.getByTestId('seal-check').textContent())
      .toBe('Match: the published private leaderboard gives this digest.');
  });

  it('recomputes every metric of my submission in this browser (the recorded ones)', async () => {
    const { page, language, origin, competitionId } = portal;
    await page.goto(`${origin}/competitionDetail/${competitionId}/mySubmissions`);
    await language('en');
    const row = page.getByTestId('submission-row').first();
    // My own row carries every metric's column, as the board does (decision 0046).
    await expect.poll(() => page.getByTestId('submission-column').allTextContents()).toEqual(['mae', 'r2']);
    await expect(row.getByTestId('submission-secondary').first().textContent()).resolves.toBe('0.75');
    await expect
      .poll(() => row.getByTestId('score-proof').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('verified');
    await row.getByTestId('score-recompute').click();
    await expect
      .poll(() => row.getByTestId('score-recomputed').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('match');
    const lines = row.getByTestId('score-recomputed-secondary');
    await expect.poll(() => lines.count()).toBe(2);
    await expect(lines.first().textContent()).resolves.toBe(
      'mae (secondary metric): recomputed public 0.75, private 0.75; recorded public 0.75, private 0.75',
    );
    await expect(lines.nth(1).textContent()).resolves.toMatch(
      /^r2 \(secondary metric\): recomputed public 0\.9/,
    );
    await language('zh-CN');
    await page.getByTestId('submission-row').first().getByTestId('score-recompute').click();
    await expect
      .poll(() => page.getByTestId('score-recomputed-secondary').first().textContent(), { timeout: 30_000 })
      .toBe('mae（次要指标）：重算 公榜 0.75，私榜 0.75；记录 公榜 0.75，私榜 0.75');
  });
});
