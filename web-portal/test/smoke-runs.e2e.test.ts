import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestRegistry, startRegistry } from '../../infra/test/registry.ts';
import { type ScoredPortal, startScoredPortal, until } from './support/one-phase';

const ids = Array.from({ length: 10 }, (_, i) => `m${i}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${i}`).join('\n')}\n`;

/**
 * Decision 0049 in Chromium against the real platform (its container runner, a real image from the test
 * registry, under gVisor): where the competition has a smoke split, the code submissions tab offers a smoke
 * run with the day's smoke runs left; the run's row is marked "Smoke run" / "试运行", not scored, with its
 * whole log; the day's allowance is unchanged. The phase's run limits are shown before a run, and a
 * failed run says why (issue 36).
 */
describe('smoke runs in the portal', () => {
  let portal: ScoredPortal;
  let registry: TestRegistry;
  let image = '';
  const stamp = 100_000 + (Date.now() % 900_000);

  /** A PUT as the signed-in operator (`call` makes GET and POST). */
  const put = async (cookie: string, path: string, body: object) =>
    (await (
      await fetch(`${portal.origin}/api${path}`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; message: string };

  /** Starts a smoke run of `image` from the form, its fields named in the page's language; its row. */
  async function smokeRun(
    page: Page,
    image: string,
    labels: { image: RegExp; username: string; password: string },
  ) {
    await page.getByRole('textbox', { name: labels.image }).fill(image);
    await page.getByRole('textbox', { name: labels.username }).fill(registry.username);
    await page.getByLabel(labels.password).fill(registry.password);
    await page.getByTestId('smoke-submit').click();
    return page.getByTestId('container-row').first();
  }
  /** A run row's log as shown ('' while the row is redrawn). */
  const logOf = (row: Locator) =>
    row
      .getByTestId('container-log')
      .textContent()
      .catch(() => '');

  beforeAll(async () => {
    registry = await startRegistry();
    image = await registry.push(`portal-smoke-${stamp}:1`, {
      '/app/run.sh': `#!/bin/sh
echo SMOKE-START
ls /saisdata
{ echo id,yield; sed 1d /saisdata/smoke.csv | cut -d, -f1 | sed 's/$/,1/'; } > /saisresult/result.csv
echo SMOKE-END
`,
    });
    portal = await startScoredPortal(
      { stamp, metric: 'rmse', revealGroundTruth: false, truth, mine: truth },
      { SCORING_RUN_TIMEOUT_S: '60' },
    );
    const { call, competitionId, operator, running } = portal;
    // The operator takes images from the test registry and chooses a dataset as the smoke split.
    expect(
      await put(operator, `/admin/competitions/${competitionId}`, {
        submissionKinds: ['result-file', 'container-image'],
        allowedRegistries: [registry.address],
      }),
    ).toMatchObject({ code: 0 });
    const form = new FormData();
    form.set('kind', 'dataset');
    form.set('file', new Blob(['id,x\ns1,1\ns2,2\n'], { type: 'text/csv' }), 'smoke.csv');
    const added = await call(operator, `/admin/competitions/${competitionId}/files`, form);
    expect(added.code).toBe(0);
    const fileId = (added.data as { fileId: string }).fileId;
    await until(
      () => put(operator, '/admin/smoke-split', { competitionId, fileId, perDay: 2 }),
      (answer) => answer.code === 0,
      'the smoke split set (once scoring mirrors the dataset)',
    );
    await until(
      () =>
        sql`select 1 from scoring.competitions where competition_id = ${competitionId}
          and settings->'submissionKinds' ? 'container-image'`.execute(running.platform.database.db),
      (result) => result.rows.length > 0,
      'scoring taking images',
    );
  }, 240_000);

  afterAll(async () => {
    await portal?.close();
    await registry?.stop();
  });

  it('starts a smoke run from the code submissions tab and shows it marked, with its log, in both languages', async () => {
    const { page, language, origin, competitionId, consoleErrors, call, participant } = portal;
    await page.goto(`${origin}/competitionDetail/${competitionId}/codeSubmissions`);
    await language('en');
    await expect
      .poll(() => page.getByTestId('smoke-runs').textContent(), { timeout: 30_000 })
      .toMatch(/^Smoke runs: 2 of 2 left today, on smoke\.csv\./);
    const row = await smokeRun(page, image, {
      image: /Image path/,
      username: 'Registry username',
      password: 'Registry password',
    });
    await expect.poll(() => logOf(row), { timeout: 120_000 }).toContain('SMOKE-END');
    expect(await row.getByTestId('smoke-chip').textContent()).toBe('Smoke run');
    expect(await row.getByTestId('submission-score').textContent()).toBe('not scored');
    expect(await row.getByTestId('container-log').textContent()).toContain('smoke.csv');
    await expect
      .poll(() => page.getByTestId('smoke-runs').textContent(), { timeout: 30_000 })
      .toMatch(/^Smoke runs: 1 of 2 left today/);
    await language('zh-CN');
    await expect
      .poll(() => page.getByTestId('smoke-chip').first().textContent(), { timeout: 30_000 })
      .toBe('试运行');
    expect(await page.getByTestId('submission-score').first().textContent()).toBe('不评分');
    // The day's allowance is untouched: only the scored file of the set-up used one.
    const remaining = await call(participant, `/submission/remaining?competitionId=${competitionId}`);
    expect(remaining.data).toMatchObject({ used: 1, smokeRuns: { used: 1 } });
    expect(consoleErrors).toEqual([]);
  }, 180_000);

  it('shows the phase’s run limits before a run, and why a run failed, in both languages', async () => {
    const { page, language, origin, competitionId, consoleErrors, operator } = portal;
    // Issue 36: the operator's limits of this phase, read by the participant before submitting.
    expect(
      await put(operator, `/admin/competitions/${competitionId}/phases/preliminary/run-limits`, {
        timeoutSeconds: 90,
        memoryMb: 256,
        cpus: 1,
        resultMb: 8,
        gpus: 0,
      }),
    ).toMatchObject({ code: 0 });
    const failing = await registry.push(`portal-failing-${stamp}:1`, {
      '/app/run.sh': '#!/bin/sh\necho FAILING-RUN\nexit 3\n',
    });
    const form = page.getByTestId('container-form');
    await page.goto(`${origin}/competitionDetail/${competitionId}/codeSubmissions`);
    await language('en');
    await expect
      .poll(async () => (await form.textContent().catch(() => '')) ?? '', { timeout: 30_000 })
      .toContain(
        'Each run in this phase is stopped at its limits: 1 min 30 s · 256 MB memory · 1 CPU · 8 MB result · no GPU.',
      );
    await language('zh-CN');
    await expect
      .poll(async () => (await form.textContent().catch(() => '')) ?? '', { timeout: 30_000 })
      .toContain('本阶段的每次运行超出以下限制即被停止：');
    expect(await form.textContent()).toContain('内存 256 MB · 1 个 CPU · 结果 8 MB · 无 GPU');

    // A run whose script fails says so on its row, in the reader's language.
    const row = await smokeRun(page, failing, {
      image: /镜像地址/,
      username: '镜像仓库用户名',
      password: '镜像仓库密码',
    });
    await expect
      .poll(() => logOf(row), { timeout: 120_000 })
      .toMatch(/运行脚本在 \d+ 秒后退出，退出码为 3。/);
    expect(await row.getByTestId('container-log').textContent()).toContain('FAILING-RUN');
    await language('en');
    await expect
      .poll(() => logOf(row), { timeout: 30_000 })
      .toMatch(/The run script exited with code 3 after \d+ s\./);
    expect(consoleErrors).toEqual([]);
  }, 180_000);
});
