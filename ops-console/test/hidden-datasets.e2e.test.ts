import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { openCompetition } from './support/trust';

const shots = fileURLToPath(new URL('../../docs/console/', import.meta.url));

/**
 * An operator hides a dataset in the console's files panel and shows it again (decision 0032): the list says
 * it is hidden and what that means, a participant's list never has it, a documentation file has no such button.
 */
describe('hidden datasets in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let operator: Person;
  let competitionId: string;

  beforeAll(async () => {
    sais = await startConsolePlatform('hidden-datasets');
    operator = await sais.account(['operator']);
    competitionId = await openCompetition(sais, operator);
    for (const [kind, name] of [
      ['dataset', 'test_hidden.csv'],
      ['document', 'rules.md'],
    ] as const) {
      const form = new FormData();
      form.set('kind', kind);
      // The document is 15,160 bytes: the list says "14.8 KB", not "15160 B" (issue 35, point 7).
      const body = kind === 'document' ? 'x'.repeat(15_160) : 'id,value\n1,2\n';
      form.set('file', new Blob([body], { type: 'text/csv' }), name);
      const added = await sais.api(operator, `/api/admin/competitions/${competitionId}/files`, {
        method: 'POST',
        body: form,
      });
      expect(added.body.code).toBe(0);
    }
  });

  afterAll(async () => {
    await sais?.close();
  });

  const names = async (person: Person | null) =>
    (
      await sais.api<{ name: string; hidden?: boolean }[]>(
        person,
        `/api/race/files?competitionId=${competitionId}`,
      )
    ).body.data.map((file) => `${file.name}${file.hidden ? ' (hidden)' : ''}`);

  it('hides a dataset from participants and shows it again', async () => {
    const { context, page } = await sais.browse(operator);
    try {
      await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
      const panel = page.getByTestId('files-panel');
      const dataset = panel.getByTestId('competition-file').filter({ hasText: 'test_hidden.csv' });
      const document = panel.getByTestId('competition-file').filter({ hasText: 'rules.md' });
      await dataset.waitFor();
      await expect.poll(() => document.getByTestId('file-visibility').count()).toBe(0);
      await expect(document.textContent()).resolves.toContain('14.8 KB · sha256 ');
      await expect(dataset.textContent()).resolves.toContain('13 B · sha256 ');
      await dataset.getByTestId('file-visibility').click();
      await page.getByText('数据集已对参赛者隐藏').waitFor();
      await dataset.getByText('对参赛者隐藏：容器运行仍可在 /saisdata 读取').waitFor();
      await expect.poll(() => dataset.getByTestId('file-visibility').textContent()).toBe('对参赛者公开');
      await expect(names(operator)).resolves.toEqual(['test_hidden.csv (hidden)', 'rules.md']);
      await expect(names(null)).resolves.toEqual(['rules.md']);
      await panel.screenshot({ path: join(shots, 'hidden-dataset-zh-CN.png') });
      await dataset.getByTestId('file-visibility').click();
      await page.getByText('数据集已对参赛者公开').waitFor();
      await expect
        .poll(() => dataset.getByTestId('file-visibility').textContent(), { timeout: 30_000 })
        .toBe('对参赛者隐藏');
      await expect(names(null)).resolves.toEqual(['test_hidden.csv', 'rules.md']);
    } catch (error) {
      throw await explained(page, error, 'hidden-datasets');
    } finally {
      await context.close();
    }
  });
});
