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

/**
 * The competition page's "Container run limits" (decision 0044) and "Queue of container runs" (decision
 * 0038) panels in Chromium, against the real platform and its runner (gVisor): an operator sets a phase's time
 * limit in zh-CN, is refused past the runners' ceiling in words, and a real run of that phase is stopped at
 * the new limit, as the console's submission page says; in English the operator sets the competition's weight
 * in the fair queue, a weight out of range is held back in the form, and the queue's state takes the new one.
 */
describe('the run limits and run queue panels in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let registry: TestRegistry;
  let operator: Person;
  let participant: Person;
  let competitionId: string;
  let sleeper: string;

  beforeAll(async () => {
    registry = await startRegistry();
    // Sleeps past any limit the test sets, then would write a result.
    sleeper = await registry.push(`console-sleeper-${Date.now() % 100000}:1`, {
      '/app/run.sh': '#!/bin/sh\necho started\nsleep 30\necho id,yield > /saisresult/result.csv\n',
    });
    sais = await startConsolePlatform('run-queue-limits', { SCORING_RUN_TIMEOUT_S: '40' });
    operator = await sais.account(['operator']);
    participant = await sais.account([]);
    competitionId = await openCompetition(sais, operator);
    const updated = await sais.api(operator, `/api/admin/competitions/${competitionId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        submissionKinds: ['result-file', 'container-image'],
        allowedRegistries: [registry.address],
      }),
    });
    expect(updated.body.code).toBe(0);
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
    await signUp(sais, participant, competitionId);
  }, 240_000);

  afterAll(async () => {
    await sais?.close();
    await registry?.stop();
  });

  it('sets a phase’s time limit (zh-CN), refuses one past the ceiling, and a real run is stopped at it', async () => {
    const { context, page } = await sais.browse(operator);
    try {
      await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
      const panel = page.getByTestId('run-limits-panel');
      const row = panel.getByTestId('run-limits-preliminary');
      await row.waitFor();
      // A phase never given limits shows the runners' defaults (the environment's 40 s), the inputs too.
      await expect.poll(() => row.locator('td').nth(1).textContent()).toBe('40');
      await expect.poll(() => panel.getByTestId('run-limit-timeoutSeconds').inputValue()).toBe('40');
      await panel.getByText('最多 8192').first().waitFor();

      // Past the runners' ceiling: refused by the server, the field and the bound named.
      await panel.getByTestId('run-limit-memoryMb').fill('9000');
      await panel.getByTestId('set-run-limits').click();
      await page.getByText('运行限制 memoryMb 最多为 8192').waitFor();

      await panel.getByTestId('run-limit-memoryMb').fill('256');
      await panel.getByTestId('run-limit-timeoutSeconds').fill('3');
      await panel.getByTestId('set-run-limits').click();
      await page.getByText('运行限制已设置').waitFor();
      await expect
        .poll(() => row.locator('td').allTextContents(), { timeout: 30_000 })
        .toEqual(['初赛', '3', '256', expect.any(String), expect.any(String), '0']);
      await page.getByText('运行限制已设置').waitFor({ state: 'hidden', timeout: 30_000 });
      await panel.screenshot({ path: join(shots, 'run-limits-zh-CN.png') });
      // What participants read before they submit.
      const detail = await sais.api<{ phases: { preliminary: { runLimits: Record<string, number> } } }>(
        null,
        `/api/race/detail?competitionId=${competitionId}`,
      );
      expect(detail.body.data.phases.preliminary.runLimits).toMatchObject({
        timeoutSeconds: 3,
        memoryMb: 256,
      });
      await until(
        () =>
          sql<{ phases: Record<string, { runLimits?: { timeoutSeconds: number } }> }>`select phases
            from scoring.competitions where competition_id = ${competitionId}`.execute(
            sais.platform.database.db,
          ),
        (result) => result.rows[0]?.phases.preliminary?.runLimits?.timeoutSeconds === 3,
        'scoring’s mirror taking the limit',
      );

      // Applied: a run that sleeps 30 s is stopped after 3 s, and the console says so.
      const submitted = await sais.api<{ submissionId: string }>(participant, '/api/submission/container', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          competitionId,
          image: sleeper,
          username: registry.username,
          password: registry.password,
        }),
      });
      expect(submitted.body).toMatchObject({ code: 0 });
      const id = submitted.body.data.submissionId;
      const ended = await until(
        () =>
          sais.api<{ status: string; refusal: { key: string; params: Record<string, number> } | null }>(
            operator,
            `/api/admin/submissions/${id}`,
          ),
        (answer) => ['Completed', 'Invalid', 'Failed'].includes(answer.body.data?.status),
        'the run to end',
        180_000,
      );
      expect(ended.body.data).toMatchObject({
        status: 'Failed',
        refusal: { key: 'runTimeout', params: { seconds: 3 } },
      });
      await page.goto(`${sais.origin}/console/#/submissions/${id}/show`);
      await expect
        .poll(() => page.getByTestId('submission-log').textContent(), { timeout: 30_000 })
        .toContain('运行 3 秒后被停止：已达到运行时间上限。');
    } catch (error) {
      throw await explained(page, error, 'run-limits');
    } finally {
      await context.close();
    }
  }, 300_000);

  it('sets the competition’s weight in the fair queue (English); out of range is held back', async () => {
    const { context, page } = await sais.browse(operator, 'en');
    try {
      await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
      const panel = page.getByTestId('run-queue-panel');
      await panel.getByRole('heading', { name: 'Queue of container runs' }).waitFor();
      const weight = panel.getByTestId('run-queue-weight');
      await expect.poll(() => weight.inputValue()).toBe('1');
      await expect
        .poll(() => panel.getByTestId('run-queue-now').textContent())
        .toBe('0 waiting, 0 running now.');
      await weight.fill('0');
      await panel.getByText('A whole number from 1 to 100').waitFor();
      await expect.poll(() => panel.getByTestId('run-queue-save').isDisabled()).toBe(true);
      await weight.fill('101');
      await expect.poll(() => panel.getByTestId('run-queue-save').isDisabled()).toBe(true);
      await weight.fill('7');
      await panel.getByTestId('run-queue-save').click();
      await page.getByText('Weight saved').waitFor();
      // Applied: the queue's state that the runners choose by, the event, and the panel after a reload.
      const queue = await sais.api<{ competitionId: string; weight: number }[]>(
        operator,
        '/api/admin/run-queue',
      );
      expect(queue.body.data.find((one) => one.competitionId === competitionId)?.weight).toBe(7);
      const state = await sql<{ weight: number }>`select weight from scoring.run_queue_competitions
        where competition_id = ${competitionId}`.execute(sais.platform.database.db);
      expect(state.rows).toEqual([{ weight: 7 }]);
      const events = await sais.platform.stores.get('scoring')!.readStream(`runqueue-${competitionId}`);
      expect(events.map((event) => [event.type, event.data])).toEqual([
        ['scoring.RunQueueWeightSet', { competitionId, weight: 7, previous: 1 }],
      ]);
      await page.reload();
      await expect
        .poll(() => page.getByTestId('run-queue-weight').inputValue(), { timeout: 30_000 })
        .toBe('7');
      await page.getByTestId('run-queue-panel').screenshot({ path: join(shots, 'run-queue-en.png') });
    } catch (error) {
      throw await explained(page, error, 'run-queue');
    } finally {
      await context.close();
    }
  });
});
