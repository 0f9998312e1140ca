import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScoredPortal, startScoredPortal } from './support/one-phase';

const screenshots = join('/tmp', 'sais-portal-screenshots');
const ids = Array.from({ length: 40 }, (_, i) => `m${i}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5}`).join('\n')}\n`;
/** Off by one on every fourth id: both boards get a score that is not 0. */
const mine = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5 + (i % 4 === 0 ? 1 : 0)}`).join('\n')}\n`;

/**
 * Issue 30 in Chromium against the real platform (the run's mode: embedded or PostgreSQL): an
 * organiser chose to publish the ground truth; after the final results, the competition page links it
 * and My Submissions recomputes the participant's public and private scores in the browser — from the
 * published file and split key, with the shared recomputation code, not the scorer — and says they are
 * the recorded ones; in English and in zh-CN.
 */
describe('recomputing my scores in the browser after the final results', () => {
  let portal: ScoredPortal;
  const stamp = 100_000 + (Date.now() % 900_000);

  beforeAll(async () => {
    portal = await startScoredPortal({ stamp, metric: 'mae', revealGroundTruth: true, truth, mine });
    // The phase ends (an operator closes it) and its final results are published.
    await portal.closeAndPublish();
  }, 180_000);

  afterAll(() => portal?.close());

  it('links the published ground truth on the competition page, and its file is the committed one', async () => {
    const { page, language, origin, competitionId } = portal;
    await page.goto(`${origin}/competitionDetail/${competitionId}/format`);
    await language('en');
    const published = page.getByTestId('commitment-truth-published');
    await expect
      .poll(() => published.textContent(), { timeout: 30_000 })
      .toContain('The ground truth is published');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      published.getByRole('link', { name: 'Download the ground truth' }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).toString()).toBe(truth);
    await mkdir(screenshots, { recursive: true });
    await page
      .getByTestId('metric-commitment')
      .screenshot({ path: join(screenshots, 'commitment-truth-published.png') });
  });

  it('recomputes my public and private scores in this browser and finds the recorded ones', async () => {
    const { page, language, origin, competitionId, consoleErrors } = portal;
    await page.goto(`${origin}/competitionDetail/${competitionId}/mySubmissions`);
    await language('en');
    const row = page.getByTestId('submission-row').first();
    // The signed record's content (with the private score) is checked first, then the button is offered.
    await expect
      .poll(() => row.getByTestId('score-proof').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('verified');
    await row.getByTestId('score-recompute').click();
    const result = row.getByTestId('score-recomputed');
    await expect.poll(() => result.getAttribute('data-state'), { timeout: 30_000 }).toBe('match');
    await expect
      .poll(() => result.textContent())
      .toMatch(
        /^Recomputed in this browser: public \S+, private \S+ \(20 private ids of 40\) — the recorded scores$/,
      );
    await page.screenshot({ path: join(screenshots, 'my-submissions-recomputed.png'), fullPage: true });
    await language('zh-CN');
    await page.getByTestId('submission-row').first().getByTestId('score-recompute').click();
    await expect
      .poll(() => page.getByTestId('score-recomputed').first().textContent(), { timeout: 30_000 })
      .toMatch(/^本浏览器重算结果：公榜 \S+，私榜 \S+（共 40 个样本，其中私榜 20 个）——与记录一致$/);
    expect(consoleErrors).toEqual([]);
  });
});
