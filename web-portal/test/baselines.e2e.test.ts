import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScoredPortal, startScoredPortal, until } from './support/one-phase';

const shots = fileURLToPath(new URL('../../docs/portal/', import.meta.url));
const ids = Array.from({ length: 40 }, (_, i) => `m${i}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5}`).join('\n')}\n`;
/** Off by `by` on every id: RMSE `by` on both boards. */
const off = (by: number) => `id,yield\n${ids.map((id, i) => `${id},${i * 2.5 + by}`).join('\n')}\n`;

/**
 * Decision 0050 in Chromium against the real platform (the run's mode): the public board shows the
 * organiser's baselines in their place by score, marked "基线 / Baseline", with the description
 * beneath and no rank; the team keeps rank 1.
 */
describe('baselines on the portal’s board', () => {
  let portal: ScoredPortal;
  const stamp = 100_000 + (Date.now() % 900_000);

  beforeAll(async () => {
    // The participant's file scores 0.97; one baseline is worse (2, after the team), one better (0.5).
    portal = await startScoredPortal({
      stamp,
      metric: 'rmse',
      revealGroundTruth: false,
      truth,
      mine: off(0.97),
    });
    const { call, competitionId, operator, participant } = portal;
    for (const [name, description, by] of [
      ['Mean', '每个 id 都预测训练集均值', 2],
      ['Oracle-ish', 'A strong reference model', 0.5],
    ] as const) {
      const form = new FormData();
      form.set('competitionId', competitionId);
      form.set('phase', 'preliminary');
      form.set('name', name);
      form.set('description', description);
      form.set('file', new Blob([off(by)], { type: 'text/csv' }), 'baseline.csv');
      expect((await call(operator, '/admin/leaderboard/baselines', form)).code).toBe(0);
    }
    await until(
      () => call(participant, `/leaderboard/public?competitionId=${competitionId}`),
      (answer) => (answer.data as { baselines?: unknown[] })?.baselines?.length === 2,
      'the baselines on the board',
    );
  }, 180_000);

  afterAll(() => portal?.close());

  it('shows baselines marked in their place, with the description and no rank, in both languages', async () => {
    const { page, language, origin, competitionId } = portal;
    await page.goto(`${origin}/competitionDetail/${competitionId}/leaderboard`);
    await language('zh-CN');
    const body = page.getByTestId('leaderboard').locator('tbody tr');
    await expect.poll(() => body.count(), { timeout: 30_000 }).toBe(3);
    // Read in order: the better baseline, the team (rank 1), the worse baseline.
    await expect
      .poll(() => body.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid'))))
      .toEqual(['leaderboard-baseline', 'leaderboard-row', 'leaderboard-baseline']);
    await expect(body.nth(1).locator('td').first().textContent()).resolves.toBe('1');
    const marks = page.getByTestId('leaderboard-baseline-mark');
    await expect(marks.allTextContents()).resolves.toEqual(['基线', '基线']);
    await expect(page.getByTestId('leaderboard-baseline-description').allTextContents()).resolves.toEqual([
      'A strong reference model',
      '每个 id 都预测训练集均值',
    ]);
    await page.screenshot({ path: join(shots, 'leaderboard-baselines-zh-CN.png'), fullPage: true });
    await language('en');
    await expect.poll(() => marks.allTextContents(), { timeout: 30_000 }).toEqual(['Baseline', 'Baseline']);
    await page.screenshot({ path: join(shots, 'leaderboard-baselines-en.png'), fullPage: true });
  });
});
