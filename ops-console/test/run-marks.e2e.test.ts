import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestRegistry, startRegistry } from '../../infra/test/registry.ts';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { signUp, uploadCsv, yieldCsv } from './support/scoring';
import { openCompetition } from './support/trust';
import { until } from '../../infra/test/until.ts';

const shots = fileURLToPath(new URL('../../docs/console/', import.meta.url));

interface Record {
  id: string;
  status: string;
  smoke: boolean;
  hiddenData: boolean;
}

/**
 * The console's submission pages mark a smoke run (decision 0049) and a run that had the competition's hidden
 * datasets mounted (decision 0032), in both languages, in the list and on the submission's page: real runs
 * of real images (the test registry) under gVisor, on the real platform, read in Chromium.
 */
describe('smoke and hidden-data marks on the console’s submission pages, in Chromium', () => {
  let sais: ConsolePlatform;
  let registry: TestRegistry;
  let operator: Person;
  let participant: Person;
  let competitionId: string;
  let smokeRun: string;
  let hiddenRun: string;

  const put = (path: string, body: object) =>
    sais.api(operator, path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const dataset = async (name: string, text: string) => {
    const form = new FormData();
    form.set('kind', 'dataset');
    form.set('file', new Blob([text], { type: 'text/csv' }), name);
    const added = await sais.api<{ fileId: string }>(
      operator,
      `/api/admin/competitions/${competitionId}/files`,
      { method: 'POST', body: form },
    );
    expect(added.body.code).toBe(0);
    return added.body.data.fileId;
  };

  /** The participant's container run, waited for until it ends; answers its id. */
  const run = async (image: string, smoke: boolean) => {
    const submitted = await sais.api<{ submissionId: string }>(participant, '/api/submission/container', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        competitionId,
        image,
        username: registry.username,
        password: registry.password,
        ...(smoke && { smoke: true }),
      }),
    });
    expect(submitted.body).toMatchObject({ code: 0 });
    const id = submitted.body.data.submissionId;
    await until(
      () => sais.api<Record>(operator, `/api/admin/submissions/${id}`),
      (answer) => ['Completed', 'Invalid', 'Failed'].includes(answer.body.data?.status),
      'the run to end',
      180_000,
    );
    return id;
  };

  beforeAll(async () => {
    registry = await startRegistry();
    const [smokeImage, rankedImage] = await Promise.all([
      registry.push(`console-smoke-${Date.now() % 100000}:1`, {
        '/app/run.sh': `#!/bin/sh
{ echo id,yield; sed 1d /saisdata/smoke.csv | cut -d, -f1 | sed 's/$/,1/'; } > /saisresult/result.csv
`,
      }),
      registry.push(`console-ranked-${Date.now() % 100000}:1`, {
        '/app/run.sh': '#!/bin/sh\ncp /saisdata/answers.csv /saisresult/result.csv\n',
      }),
    ]);
    sais = await startConsolePlatform('run-marks', { SCORING_RUN_TIMEOUT_S: '60' });
    operator = await sais.account(['operator']);
    participant = await sais.account([]);
    competitionId = await openCompetition(sais, operator);
    expect(
      (
        await put(`/api/admin/competitions/${competitionId}`, {
          submissionKinds: ['result-file', 'container-image'],
          allowedRegistries: [registry.address],
        })
      ).body.code,
    ).toBe(0);
    await until(
      () =>
        sql`select 1 from scoring.competitions where competition_id = ${competitionId}
          and settings->'submissionKinds' ? 'container-image'`.execute(sais.platform.database.db),
      (result) => result.rows.length > 0,
      'scoring taking images',
    );
    await uploadCsv(
      sais,
      operator,
      '/api/admin/groundtruth',
      { competitionId, metric: 'rmse', publicPercent: '50' },
      yieldCsv(10, (i) => i),
    );
    await dataset(
      'answers.csv',
      yieldCsv(10, (i) => i),
    );
    const smokeId = await dataset('smoke.csv', 'id,x\ns1,1\ns2,2\n');
    const secretId = await dataset('secret.csv', 'id,label\nq1,7\n');
    expect(
      (
        await put(`/api/admin/competitions/${competitionId}/files/${secretId}/visibility`, {
          hidden: true,
        })
      ).body.code,
    ).toBe(0);
    await until(
      () => put('/api/admin/smoke-split', { competitionId, fileId: smokeId, perDay: 2 }),
      (answer) => answer.body.code === 0,
      'the smoke split set (once scoring mirrors the dataset)',
    );
    await until(
      () =>
        sql<{ hidden: boolean }>`select hidden from scoring.competition_datasets
          where competition_id = ${competitionId}`.execute(sais.platform.database.db),
      (result) => result.rows.length === 3 && result.rows.some((row) => row.hidden),
      'the datasets mirror with the hidden flag',
    );
    await signUp(sais, participant, competitionId);
    smokeRun = await run(smokeImage, true);
    hiddenRun = await run(rankedImage, false);
  }, 420_000);

  afterAll(async () => {
    await sais?.close();
    await registry?.stop();
  });

  it('the operators’ API marks each run', async () => {
    const smoke = (await sais.api<Record>(operator, `/api/admin/submissions/${smokeRun}`)).body.data;
    const hidden = (await sais.api<Record>(operator, `/api/admin/submissions/${hiddenRun}`)).body.data;
    expect(smoke).toMatchObject({ status: 'Completed', smoke: true, hiddenData: false });
    expect(hidden).toMatchObject({ status: 'Completed', smoke: false, hiddenData: true });
  });

  it('marks them in the list and on each submission’s page, in zh-CN and in English', async () => {
    for (const language of ['zh-CN', 'en'] as const) {
      const words =
        language === 'en'
          ? { smoke: 'Smoke run', hidden: 'Ran with hidden data', run: 'Run' }
          : { smoke: '试运行', hidden: '使用隐藏数据运行', run: '运行' };
      const { context, page } = await sais.browse(operator, language === 'en' ? 'en' : undefined);
      try {
        await page.goto(
          `${sais.origin}/console/#/submissions?filter=${encodeURIComponent(JSON.stringify({ competitionId }))}`,
        );
        const rows = page.locator('tbody tr');
        await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
        // Newest first: the ranked run on hidden data, then the smoke run.
        const [hiddenRow, smokeRow] = [rows.nth(0), rows.nth(1)];
        await expect.poll(() => smokeRow.getByTestId('smoke-mark').textContent()).toBe(words.smoke);
        expect(await smokeRow.getByTestId('hidden-data-mark').count()).toBe(0);
        await expect.poll(() => hiddenRow.getByTestId('hidden-data-mark').textContent()).toBe(words.hidden);
        expect(await hiddenRow.getByTestId('smoke-mark').count()).toBe(0);
        // What a mark means, on hover.
        await smokeRow.getByTestId('smoke-mark').hover();
        await page
          .getByRole('tooltip')
          .filter({ hasText: language === 'en' ? /never scored or ranked/ : /不评分、不上榜/ })
          .waitFor();
        await page
          .locator('table')
          .first()
          .screenshot({ path: join(shots, `run-marks-${language}.png`) });

        for (const [id, mark, text] of [
          [smokeRun, 'smoke-mark', words.smoke],
          [hiddenRun, 'hidden-data-mark', words.hidden],
        ] as const) {
          await page.goto(`${sais.origin}/console/#/submissions/${id}/show`);
          const field = page.locator('.ra-field-run');
          await expect.poll(() => field.getByTestId(mark).textContent(), { timeout: 30_000 }).toBe(text);
          expect(await field.locator('.RaLabeled-label').textContent()).toBe(words.run);
        }
      } catch (error) {
        throw await explained(page, error, `run-marks-${language}`);
      } finally {
        await context.close();
      }
    }
  });
});
