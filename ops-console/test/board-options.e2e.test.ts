import { scoring } from '@sais/events';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { openCompetition } from './support/trust';

const shots = fileURLToPath(new URL('../../docs/console/', import.meta.url));

/**
 * An operator sets a phase's public board options in the console (decision 0045): the Ladder's step
 * and blind, with a reason; a bad step is refused in the form; the state is said in words. The ranking
 * order's first steps (issue 37): a step the ground truth lacks is refused by the server (40160).
 */
describe('the public board options in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let operator: Person;
  let competitionId: string;

  beforeAll(async () => {
    sais = await startConsolePlatform('board-options');
    operator = await sais.account(['operator']);
    competitionId = await openCompetition(sais, operator);
  });

  afterAll(async () => {
    await sais?.close();
  });

  it('turns the Ladder on with its step and a phase blind, with a reason; refuses a step of 0', async () => {
    const { context, page } = await sais.browse(operator);
    try {
      await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
      const panel = page.getByTestId('board-options-panel');
      await panel.getByRole('heading', { name: '公开排行榜：阶梯机制（Ladder）与盲评阶段' }).waitFor();
      const row = panel.getByTestId('board-options-preliminary');
      await row.waitFor();
      await expect
        .poll(() => row.getByTestId('board-options-state').textContent())
        .toBe('阶梯机制已关闭：分数按原值显示。');
      const save = row.getByTestId('board-options-save');
      await row.getByTestId('board-options-step').fill('0');
      await row.getByTestId('board-options-reason').fill('防止试探公开榜');
      await row.getByText('请输入 1e-9 至 1e6 之间的数，或留空').waitFor();
      await expect.poll(() => save.isDisabled()).toBe(true);
      await row.getByTestId('board-options-step').fill('0.05');
      await row.getByTestId('board-options-blind').check();
      // No secondary metrics: only the score may be chosen; the server's refusal is shown.
      await row.getByTestId('board-options-order').fill('scores.rmse');
      await save.click();
      await page.getByText('排名顺序须列出互不重复的步骤').waitFor();
      await row.getByTestId('board-options-order').fill('score');
      await save.click();
      await page.getByText('排行榜选项已保存').waitFor();
      await expect
        .poll(() => panel.getByTestId('board-options-state').textContent(), { timeout: 30_000 })
        .toBe(`${scoring.ladderText('zh-CN', 0.05)} 盲评：参赛者看不到公开分数。 已选排名顺序：先按 score。`);
      const read = await sais.api<{ phase: string; ladderStep: number | null; blind: boolean }[]>(
        operator,
        `/api/admin/leaderboard/options?competitionId=${competitionId}`,
      );
      expect(read.body.data).toEqual([
        { phase: 'preliminary', ladderStep: 0.05, blind: true, order: ['score'] },
      ]);
      await panel.screenshot({ path: join(shots, 'board-options-zh-CN.png') });
    } catch (error) {
      throw await explained(page, error, 'board-options');
    } finally {
      await context.close();
    }
  });
});
