import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { openCompetition } from './support/trust';
import { inScoring } from './support/scoring';

const truth = `id,yield\n${Array.from({ length: 20 }, (_, i) => `r${i},${i * 5}`).join('\n')}\n`;

/**
 * An operator sets a ground truth with secondary metrics in the console (decision 0046): picked in order
 * in the ground-truth panel, recorded in the commitment, shown as the ground truth in force; a metric that
 * cannot score the ground truth beside the primary is refused with the platform's message.
 */
describe('secondary metrics in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let operator: Person;
  let competitionId: string;

  beforeAll(async () => {
    sais = await startConsolePlatform('several-metrics');
    operator = await sais.account(['operator']);
    competitionId = await openCompetition(sais, operator);
    await inScoring(sais, competitionId);
  });

  afterAll(async () => {
    await sais?.close();
  });

  it('picks secondary metrics in order, and refuses one that cannot score the ground truth', async () => {
    const { context, page } = await sais.browse(operator);
    try {
      await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
      const panel = page.getByTestId('groundtruth-panel');
      await panel.waitFor();
      const pick = async (...names: string[]) => {
        await panel.getByRole('combobox', { name: '次要指标（排行榜列，按此顺序决定同分名次）' }).click();
        for (const name of names) await page.getByTestId(`groundtruth-secondary-${name}`).click();
        await page.keyboard.press('Escape');
      };
      await page.getByTestId('groundtruth-input').setInputFiles({
        name: 'truth.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(truth),
      });
      // accuracy reads labels: refused beside rmse, with the platform's words.
      await pick('accuracy');
      await page.getByTestId('groundtruth-upload').click();
      await page.getByText(/指标 accuracy 无法与 rmse 一起为该标准答案评分/).waitFor();
      // Picked again: off; then mae and r2, in that order.
      await pick('accuracy', 'mae', 'r2');
      await page.getByTestId('groundtruth-upload').click();
      await page.getByTestId('groundtruth-result').waitFor();
      await expect
        .poll(() => page.getByTestId('groundtruth-current').textContent(), { timeout: 30_000 })
        .toContain('次要指标（排行榜列，按顺序决定同分名次）: mae, r2');
      const metric = await sais.api<{ commitments: { secondaryMetrics?: string[] }[] }>(
        operator,
        `/api/leaderboard/metric?competitionId=${competitionId}`,
      );
      expect(metric.body.data.commitments.map((c) => c.secondaryMetrics ?? null)).toEqual([['mae', 'r2']]);
    } catch (error) {
      throw await explained(page, error, 'several-metrics');
    } finally {
      await context.close();
    }
  });
});
