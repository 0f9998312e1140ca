import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { choose, closePhase, signUp, uploadCsv, yieldCsv } from './support/scoring';
import { until } from '../../infra/test/until.ts';

const day = 24 * 3600 * 1000;
/** `id,yield` rows r0..r19: the ground truth, and result files at a given distance from it. */
const csv = (f: (i: number) => number) => yieldCsv(20, f);
const truth = csv((i) => i);
const localInput = (at: Date) =>
  new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * The operators' pages against the real platform: a competition created in the console with a phase,
 * its ground truth, participants' submissions through the API, the submissions list, and the final
 * results published with the public and private boards side by side (following new results live). Others see no such menu and the
 * server refuses them.
 */
describe('operations in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let origin: string;
  let operator: Person;
  let participant: Person;

  beforeAll(async () => {
    sais = await startConsolePlatform('operations');
    ({ origin } = sais);
    operator = await sais.account(['operator']);
    participant = await sais.account([]);
  });

  afterAll(async () => {
    await sais?.close();
  });

  it('an operator creates a competition with a phase and ground truth, sees submissions and publishes final results', async () => {
    const { context, page } = await sais.browse(operator, 'en');
    try {
      await page.goto(`${origin}/console/`);
      for (const menu of ['competitions', 'submissions', 'leaderboards', 'teams', 'users'])
        await page.getByTestId(`menu-${menu}`).waitFor();
      await expect.poll(() => page.getByTestId('menu-review').count()).toBe(0);

      // Create: settings and one phase, open since yesterday.
      await page.goto(`${origin}/console/#/competitions/create`);
      await page.locator('input[name="title.zh-CN"]').fill('催化剂产率预测');
      await page.locator('input[name="title.en"]').fill('Catalyst yield');
      await page.locator('textarea[name="description.zh-CN"]').first().fill('预测产率');
      await page.locator('textarea[name="description.en"]').first().fill('Predict the yield');
      await page.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Algorithm' }).click();
      await page.locator('input[name="season"]').fill('2027');
      await page.getByRole('button', { name: 'Add' }).last().click();
      await page.getByRole('combobox', { name: 'Phase' }).click();
      await page.getByRole('option', { name: 'Preliminary' }).click();
      await page.locator('input[name="phases.0.startsAt"]').fill(localInput(new Date(Date.now() - day)));
      await page.locator('input[name="phases.0.endsAt"]').fill(localInput(new Date(Date.now() + 30 * day)));
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/competitions\/[0-9a-f-]{36}$/);
      const competitionId = /competitions\/([0-9a-f-]{36})/.exec(page.url())![1]!;
      await page.getByTestId('phase-preliminary').waitFor();

      // Ground truth with a 50 % public split.
      await until(
        () =>
          sql`select 1 from scoring.competitions where competition_id = ${competitionId}`.execute(
            sais.platform.database.db,
          ),
        (result) => result.rows.length > 0,
        'competition mirror in scoring',
      );
      await page.getByTestId('groundtruth-input').setInputFiles({
        name: 'truth.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(truth),
      });
      // The organiser chooses to publish it after the final results (decision 0031).
      await page.getByTestId('groundtruth-reveal').check();
      await page.getByTestId('groundtruth-upload').click();
      // Exactly the declared share is public (decision 0024).
      const split = /20 rows, (\d+) public and (\d+) private/.exec(
        (await page.getByTestId('groundtruth-result').textContent()) ?? '',
      );
      expect([Number(split?.[1]), Number(split?.[2])]).toEqual([10, 10]);
      await expect
        .poll(() => page.getByTestId('groundtruth-current').textContent())
        .toContain('After the last final results: published with the split key');
      expect(
        (
          await sais.api<{ commitments: { revealsGroundTruth: boolean }[] }>(
            operator,
            `/api/leaderboard/metric?competitionId=${competitionId}`,
          )
        ).body.data.commitments.at(-1)?.revealsGroundTruth,
      ).toBe(true);
      await page.screenshot({ path: '/tmp/sais-console-operations-competition.png', fullPage: true });

      // Two participants submit through the API; both are scored.
      const second = await sais.account([]);
      for (const person of [participant, second]) await signUp(sais, person, competitionId);
      await uploadCsv(
        sais,
        participant,
        '/api/submission/upload',
        { competitionId },
        csv((i) => i + 0.5),
      );
      await uploadCsv(
        sais,
        second,
        '/api/submission/upload',
        { competitionId },
        csv((i) => i + 2),
      );
      await until(
        () =>
          sais.api<{ status: string }[]>(
            operator,
            `/api/admin/submissions?filter=${encodeURIComponent(JSON.stringify({ competitionId }))}`,
          ),
        (answer) =>
          answer.body.data.length === 2 && answer.body.data.every((row) => row.status === 'Completed'),
        'both submissions scored',
      );

      await page.getByTestId('menu-submissions').click();
      await page.waitForURL(/#\/submissions/);
      const rows = page.locator('tbody tr');
      // The list shows placeholder rows while it loads: wait for the loaded ones.
      await expect
        .poll(() => rows.allTextContents())
        .toEqual([expect.stringContaining(second.username), expect.stringContaining(participant.username)]);
      await rows.filter({ hasText: participant.username }).click();
      await page.waitForURL(/#\/submissions\/[0-9a-f-]{36}\/show/);
      await page.getByText('Completed').first().waitFor();

      // Leaderboards: public and private side by side; the private one is a preview until published.
      // The boards are a projection a moment behind the submissions' status, and the page reads them
      // when a competition is chosen: wait until both teams are on both.
      for (const board of ['public', 'private'])
        await until(
          () =>
            sais.api<{ records: unknown[] }>(
              operator,
              `/api/leaderboard/${board}?competitionId=${competitionId}`,
            ),
          (answer) => answer.body.data?.records.length === 2,
          `both teams on the ${board} board`,
        );
      await page.getByTestId('menu-leaderboards').click();
      await page.waitForURL(/#\/leaderboards/);
      const hint = page.getByText('Choose a competition to see its leaderboards.');
      await hint.waitFor();
      await choose(page, 'Competition', 'Catalyst yield', () =>
        hint.waitFor({ state: 'detached', timeout: 5_000 }),
      );
      const publicRows = page.getByTestId('board-public').getByTestId('board-row');
      const privateRows = page.getByTestId('board-private').getByTestId('board-row');
      await publicRows.nth(1).waitFor();
      await privateRows.nth(1).waitFor();
      await expect.poll(() => publicRows.first().textContent()).toContain(participant.username);
      await expect.poll(() => page.getByTestId('board-state').textContent()).toContain('Preview');
      // The open page follows the boards: a third team's result appears on both without a reload.
      const third = await sais.account([]);
      await signUp(sais, third, competitionId);
      await uploadCsv(
        sais,
        third,
        '/api/submission/upload',
        { competitionId },
        csv((i) => i + 1),
      );
      await publicRows.nth(2).waitFor();
      await privateRows.nth(2).waitFor();
      await expect.poll(() => publicRows.nth(1).textContent()).toContain(third.username);
      await expect(
        sais.api(participant, `/api/leaderboard/private?competitionId=${competitionId}`),
      ).resolves.toMatchObject({
        status: 403,
      });
      // Final results once the phase has ended (issue 30): the operator closes it first.
      await closePhase(sais, operator, competitionId);
      // No default phase: the phase is chosen, and the dialog states the effect and wants the name.
      await choose(page, 'Phase', 'Preliminary');
      await page.getByTestId('publication-publish').click();
      await expect.poll(() => page.getByTestId('effect').textContent()).toMatch(/Catalyst yield: 3 teams/);
      await page.getByTestId('effect-typed-name').fill('Catalyst yield');
      await page.getByTestId('effect-confirm').click();
      await page.getByText('Final results published').waitFor();
      await until(
        () => page.getByTestId('board-state').textContent(),
        (text) => Boolean(text?.startsWith('Published')),
        'published state',
      );
      await page.screenshot({ path: '/tmp/sais-console-operations-boards.png', fullPage: true });
      const published = await sais.api<{ records: unknown[] }>(
        participant,
        `/api/leaderboard/private?competitionId=${competitionId}`,
      );
      expect(published.body.data.records).toHaveLength(3);
    } catch (error) {
      throw await explained(page, error, 'operations');
    } finally {
      await context.close();
    }
  });

  it('someone without the operator role sees no operations menu, and the server answers 403', async () => {
    const reviewer = await sais.account(['reviewer']);
    const { context, page } = await sais.browse(reviewer);
    try {
      await page.goto(`${origin}/console/`);
      await page.getByTestId('menu-review').waitFor();
      for (const menu of ['competitions', 'submissions', 'leaderboards', 'teams', 'users'])
        await expect.poll(() => page.getByTestId(`menu-${menu}`).count()).toBe(0);
      await page.goto(`${origin}/console/#/leaderboards`);
      await page.getByText('你没有访问此页面的权限').waitFor();
      for (const path of [
        '/api/admin/competitions',
        '/api/admin/submissions',
        '/api/admin/teams',
        '/api/admin/users',
      ])
        expect((await sais.api(reviewer, path)).status).toBe(403);
      const publish = await sais.api(reviewer, '/api/admin/leaderboard/publish', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ competitionId: randomUUID(), phase: 'preliminary' }),
      });
      expect(publish.status).toBe(403);
      expect((await sais.api(null, '/api/admin/users')).status).toBe(401);
    } catch (error) {
      throw await explained(page, error, 'operations');
    } finally {
      await context.close();
    }
  });
});
