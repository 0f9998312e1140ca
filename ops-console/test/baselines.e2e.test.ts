import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { scoredCompetition, yieldCsv } from './support/scoring';

const shots = fileURLToPath(new URL('../../docs/console/', import.meta.url));
const rows = 40;

/**
 * An operator adds a baseline in the console (decision 0050): a name, a description and a file scored
 * like a submission; a file the scorer refuses is named in the console's language; the list shows both
 * scores; removing takes a reason. In Chromium, against the real platform.
 */
describe('baselines in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let operator: Person;
  let competitionId: string;

  beforeAll(async () => {
    sais = await startConsolePlatform('baselines');
    operator = await sais.account(['operator']);
    competitionId = await scoredCompetition(
      sais,
      operator,
      yieldCsv(rows, (i) => i * 5),
      { plain: true },
    );
  });

  afterAll(async () => {
    await sais?.close();
  });

  it('adds a baseline with a file, refuses a broken file in words, lists both scores, removes with a reason', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'baselines-'));
    const good = join(dir, 'mean.csv');
    const broken = join(dir, 'broken.csv');
    await writeFile(
      good,
      yieldCsv(rows, (i) => i * 5 + 2),
    );
    await writeFile(broken, 'id,wrong\nr0,1\n');
    const { context, page } = await sais.browse(operator);
    try {
      await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
      const panel = page.getByTestId('baselines-panel');
      await panel.getByRole('heading', { name: '基线' }).waitFor();
      await panel.getByTestId('baselines-empty').waitFor();
      await panel.getByText(/每个阶段最多 20 条/).waitFor();
      await panel.getByTestId('baseline-name').fill('均值基线');
      await panel.getByTestId('baseline-description').fill('每个 id 都预测训练集均值');
      await panel.getByTestId('baseline-file').setInputFiles(broken);
      await panel.getByTestId('baseline-add').click();
      // The scorer's refusal, in the console's language.
      await expect
        .poll(() => panel.getByTestId('baseline-refusal').textContent(), { timeout: 30_000 })
        .toMatch(/第 1 行：表头必须是“id,yield”/);
      await panel.getByTestId('baseline-file').setInputFiles(good);
      await panel.getByTestId('baseline-add').click();
      await page.getByText('已添加基线').waitFor();
      const row = panel.getByTestId('baseline-row');
      await row.waitFor({ timeout: 30_000 });
      await expect(row.textContent()).resolves.toContain('每个 id 都预测训练集均值');
      await expect(row.getByTestId('baseline-public').textContent()).resolves.toBe('2');
      await expect(row.getByTestId('baseline-private').textContent()).resolves.toBe('2');
      // The public board carries it, marked, with no rank.
      const board = await sais.api<{ baselines: { name: string; score: number; baseline: true }[] }>(
        operator,
        `/api/leaderboard/public?competitionId=${competitionId}`,
      );
      expect(board.body.data.baselines).toEqual([
        expect.objectContaining({ baseline: true, name: '均值基线', score: 2, teamsAhead: 0 }),
      ]);
      await page.getByText('已添加基线').waitFor({ state: 'hidden', timeout: 30_000 });
      await panel.screenshot({ path: join(shots, 'baselines-zh-CN.png') });
      // Removing needs a reason.
      await expect(row.getByTestId('baseline-remove').isDisabled()).resolves.toBe(true);
      await panel.getByTestId('baseline-reason').fill('换成更强的基线');
      await row.getByTestId('baseline-remove').click();
      await page.getByText('已删除基线').waitFor();
      await panel.getByTestId('baselines-empty').waitFor({ timeout: 30_000 });
    } catch (error) {
      throw await explained(page, error, 'baselines');
    } finally {
      await context.close();
    }
  });
});
