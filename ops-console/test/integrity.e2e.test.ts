import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import { choose, closePhase, signUp, uploadCsv, yieldCsv } from './support/scoring';
import { effectDialogs, prizeCompetition } from './support/trust';
import { until } from '../../infra/test/until.ts';
import { badLayout } from '../../infra/test/layout.ts';

const day = 24 * 3600 * 1000;
/** `id,yield` rows r0..r39: the ground truth, and result files around it. */
const csv = (f: (i: number) => number) => yieldCsv(40, f);
const truth = csv((i) => i * 5);

/**
 * The integrity tools against the real platform: an operator seals a phase's private leaderboard,
 * publishes it, and the console recomputes the digest in Chromium (WebCrypto) from the published
 * ranking; a copied result file shows up as a collusion signal and is dismissed with a reason; an
 * auditor sees the leaderboard as of a time but no signals, and the server refuses them too.
 */
describe('integrity tools in the console, in Chromium, against the real platform', () => {
  let sais: ConsolePlatform;
  let origin: string;
  let operator: Person;
  let auditor: Person;
  let competitionId: string;
  const people: Person[] = [];
  const title = `Integrity ${Date.now() % 100000}`;

  const db = () => sais.platform.database.db;

  beforeAll(async () => {
    sais = await startConsolePlatform('integrity');
    ({ origin } = sais);
    operator = await sais.account(['operator']);
    auditor = await sais.account(['auditor']);
    // An admin sets the competition up: only an admin lets one operator publish a prize competition's results.
    const admin = await sais.account(['admin']);
    const created = await sais.api<{ id: string }>(admin, '/api/admin/competitions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: { 'zh-CN': title, en: title },
        description: { 'zh-CN': '封存', en: 'Sealed' },
        type: 'Algorithm',
        bonus: 1000,
        // One operator publishes here (an admin's choice): the two-operator rule has its own test (trust.e2e.test.ts).
        finalResultsApproval: 'one-operator',
        season: '2027',
        sponsors: [],
        timeZone: 'Asia/Shanghai',
        teamSizeLimit: 3,
        teamFormingAttempts: 3,
        dailySubmissionLimit: 5,
        submissionKinds: ['result-file'],
        teamMergeDeadline: null,
        agreements: [],
        phases: [
          {
            phase: 'preliminary',
            startsAt: new Date(Date.now() - day).toISOString(),
            endsAt: new Date(Date.now() + 30 * day).toISOString(),
          },
        ],
      }),
    });
    expect(created.body.code).toBe(0);
    competitionId = created.body.data.id;
    await until(
      () =>
        sql`select phases from scoring.competitions where competition_id = ${competitionId}`.execute(db()),
      (result) => JSON.stringify(result.rows).includes('preliminary'),
      'competition mirror in scoring',
    );
    await uploadCsv(
      sais,
      operator,
      '/api/admin/groundtruth',
      { competitionId, metric: 'rmse', publicPercent: '50' },
      truth,
    );
    const copied = csv((i) => i * 5 + (((i * 7919) % 13) - 6));
    const files = [copied, copied, csv((i) => i * 5 + (((i * 104729 + 3) % 17) - 8))];
    for (const file of files) {
      const person = await sais.account([]);
      await signUp(sais, person, competitionId);
      await uploadCsv(sais, person, '/api/submission/upload', { competitionId }, file);
      people.push(person);
    }
    await until(
      () => sais.api<{ total: number }>(operator, `/api/leaderboard/private?competitionId=${competitionId}`),
      (answer) => answer.body.data.total === 3,
      'three teams on the private board',
    );
  });

  afterAll(async () => {
    await sais?.close();
  });

  it('an operator seals, publishes, and the browser recomputes the same digest from the published ranking', async () => {
    const { context, page } = await sais.browse(operator, 'en');
    try {
      await page.goto(`${origin}/console/`);
      await page.getByTestId('menu-signals').waitFor();
      await page.getByTestId('menu-seal').click();
      await page.waitForURL(/#\/integrity\/seal/);
      await choose(page, 'Competition', title);
      await choose(page, 'Phase', 'Preliminary');
      await page.getByText('This phase is not sealed yet.').waitFor();

      // Sealing says what it seals (rows, digest) before it does; Cancel seals nothing.
      const { cancelChangesNothing, confirmAppends } = effectDialogs(sais, auditor);
      const seal = () => page.getByTestId('seal-run').click();
      await cancelChangesNothing(page, seal, /3 rows, digest [0-9a-f]{12}…/);
      await page.getByText('This phase is not sealed yet.').waitFor();
      await seal();
      await confirmAppends(page, {}, ['scoring.PrivateLeaderboardSealed']);
      await page.getByText('Private leaderboard sealed').waitFor();
      const sealed = await until(
        () =>
          sais.api<{ seal: { digest: string } | null }>(
            null,
            `/api/leaderboard/public?competitionId=${competitionId}`,
          ),
        (answer) => answer.body.data.seal !== null,
        'the seal on the public board',
      );
      const digest = sealed.body.data.seal!.digest;
      // The page reloads the seal's status once the call is done: wait for it rather than read at once.
      await page.getByTestId('seal-recorded').filter({ hasText: digest }).waitFor();

      // Before the reveal the browser cannot recompute: the private board is hidden from everyone else.
      // Final results once the phase has ended (issue 30): the panel offers publishing only then.
      await expect.poll(() => page.getByTestId('publication-publish').count()).toBe(0);
      await page
        .getByTestId('publication-window')
        .getByText(/only after the phase has ended: from \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)? GMT[+-]\d+ \(/)
        .waitFor();
      await closePhase(sais, operator, competitionId);
      await page.reload();
      await choose(page, 'Competition', title);
      await choose(page, 'Phase', 'Preliminary');
      await page
        .getByTestId('publication-window')
        .getByText(/final results can be published/)
        .waitFor();
      // One operator publishes here (the competition's rule): Cancel leaves the board hidden, Confirm publishes it.
      const publish = () => page.getByTestId('publication-publish').click();
      await cancelChangesNothing(
        page,
        publish,
        new RegExp(
          `^Publish the private leaderboard of Preliminary of ${title}: 3 teams, seal ${digest.slice(0, 12)}…`,
        ),
      );
      await expect(
        sais.api(people[0]!, `/api/leaderboard/private?competitionId=${competitionId}`),
      ).resolves.toMatchObject({ status: 403 });
      await publish();
      await confirmAppends(page, { name: title }, ['scoring.PrivateLeaderboardPublished']);
      await page.getByText('Final results published').waitFor();
      await page.getByText('Published: the ranking can no longer change.').waitFor();
      await until(
        () =>
          sais.api<{ published: boolean }>(null, `/api/leaderboard/private?competitionId=${competitionId}`),
        (answer) => answer.body.code === 0 && answer.body.data.published,
        'the published private board',
      );
      await page.getByTestId('seal-recompute').click();
      const check = page.locator('[data-testid="seal-check"][data-result="match"]');
      await check.waitFor();
      await expect.poll(() => check.textContent()).toContain(digest);
      await expect.poll(() => check.textContent()).toContain('3 rows');
      await page.screenshot({ path: '/tmp/sais-console-integrity-seal.png', fullPage: true });
    } catch (error) {
      throw await explained(page, error, 'integrity');
    } finally {
      await context.close();
    }
  });

  it('an operator finds the copied result file among the signals and dismisses it with a reason', async () => {
    const { context, page } = await sais.browse(operator, 'en');
    try {
      await page.goto(`${origin}/console/#/signals`);
      const row = page.locator('tbody tr', { hasText: 'Identical result files' });
      await row.waitFor();
      await expect
        .poll(() => page.locator('tbody tr', { hasText: 'Near-identical predictions' }).count())
        .toBe(0);
      // The evidence in words: the file's digest, each copy's submission and who sent it. The row opens
      // by its words (its middle may be a team's link or copy button).
      await row.getByText('Identical result files').click();
      const evidence = page.getByTestId('signal-evidence');
      await evidence.getByText('File (SHA-256)').waitFor();
      // A single participant's copy names them, linking to their account.
      const copier = evidence.locator('a', { hasText: people[1]!.username });
      await copier.waitFor();
      await expect.poll(() => copier.getAttribute('href')).toContain(`/users/${people[1]!.userId}/show`);
      await expect.poll(() => row.textContent()).toContain('Preliminary');
      // Filtered by a participant picked by name: the one who copied nobody has no signal.
      await choose(page, 'Team or participant', `${people[2]!.username} · single participant`);
      await until(
        () => page.locator('tbody tr', { hasText: 'Identical result files' }).count(),
        (count) => count === 0,
        'no signal for the participant who copied nobody',
      );
      await choose(page, 'Team or participant', `${people[0]!.username} · single participant`);
      await row.waitFor();
      await row.getByTestId('signal-dismiss').click();
      await page.getByTestId('effect-reason').fill('same public baseline file');
      await page.getByTestId('effect-confirm').click();
      await page.getByText('Signal dismissed').waitFor();
      await row.getByText('Dismissed').waitFor();
      await page.screenshot({ path: '/tmp/sais-console-integrity-signals.png', fullPage: true });
      const decided = await sql<{
        type: string;
        data: { reason: string };
      }>`select type, data from scoring.events
        where type = 'scoring.CollusionSignalDecided'`.execute(db());
      expect(decided.rows).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ reason: 'same public baseline file' }) }),
      ]);
    } catch (error) {
      throw await explained(page, error, 'integrity');
    } finally {
      await context.close();
    }
  });

  /**
   * The private board as of now on the as-of page: its three rows, and its table at the widths staff use
   * (issue 35's layout check: no header or short cell broken, no sideways scroll).
   */
  async function privateBoardAsOfNow(
    page: Page,
    labels: { competition: string; board: string; private: string },
  ) {
    await choose(page, labels.competition, title);
    await choose(page, labels.board, labels.private);
    await page.getByTestId('asof-show').click();
    await page.getByTestId('asof-table').waitFor();
    await expect.poll(() => page.locator('[data-testid="asof-table"] tbody tr').count()).toBe(3);
    for (const width of [1366, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const problems = await badLayout(page);
      expect(problems, `${width} px:\n${problems.join('\n')}`).toEqual([]);
    }
  }

  it('an auditor sees the leaderboard as of a time, but no signals; the server refuses them too', async () => {
    const refused = await sais.api(auditor, '/api/admin/signals');
    expect(refused.status).toBe(403);
    const { context, page } = await sais.browse(auditor, 'en');
    try {
      await page.goto(`${origin}/console/`);
      await page.getByTestId('menu-asof').click();
      await expect.poll(() => page.getByTestId('menu-signals').count()).toBe(0);
      await expect.poll(() => page.getByTestId('menu-identity-signals').count()).toBe(0);
      await privateBoardAsOfNow(page, { competition: 'Competition', board: 'Board', private: 'Private' });
      // In Chinese too, whose short headers (排名, 成绩) are the ones that broke one character per line.
      const zh = await sais.browse(auditor);
      try {
        await zh.page.goto(`${origin}/console/`);
        await zh.page.getByTestId('menu-asof').click();
        await privateBoardAsOfNow(zh.page, { competition: '比赛', board: '榜单', private: '私有' });
      } catch (error) {
        throw await explained(zh.page, error, 'integrity-zh');
      } finally {
        await zh.context.close();
      }
      // The event history names the dismissed signal's stream by its kind and competition, not its digest.
      await page.goto(`${origin}/console/#/audit/scoring/events`);
      const decided = page.locator('tbody tr', { hasText: 'Collusion signal handled' }).first();
      await expect
        .poll(() => decided.getByTestId('stream-name').textContent())
        .toBe(`Collusion signal · Identical result files · ${title}`);
    } catch (error) {
      throw await explained(page, error, 'integrity');
    } finally {
      await context.close();
    }
  });
  it('near-identical predictions name each submission by team and time; disqualifying a team through the signal: Cancel changes nothing, Confirm disqualifies it', async () => {
    // A second track where two participants' errors are the same noise, one shifted: correlated, not identical.
    const track = await prizeCompetition(sais, operator, 'Correlated track', '相关赛道');
    await until(
      () => sql`select 1 from scoring.competitions where competition_id = ${track}`.execute(db()),
      (result) => result.rows.length > 0,
      'second competition mirror in scoring',
    );
    await uploadCsv(
      sais,
      operator,
      '/api/admin/groundtruth',
      { competitionId: track, metric: 'rmse', publicPercent: '50' },
      truth,
    );
    const noise = (i: number) => ((i * 7919) % 13) - 6;
    const pair: { person: Person; submissionId: string }[] = [];
    for (const shift of [0, 0.5]) {
      const person = await sais.account([]);
      await signUp(sais, person, track);
      const { submissionId } = await uploadCsv(
        sais,
        person,
        '/api/submission/upload',
        { competitionId: track },
        csv((i) => i * 5 + noise(i) + shift),
      );
      pair.push({ person, submissionId: String(submissionId) });
    }
    const board = () =>
      sais.api<{ total: number }>(operator, `/api/leaderboard/private?competitionId=${track}`);
    await until(board, (answer) => answer.body.data.total === 2, 'both on the private board');
    const { cancelChangesNothing, confirmAppends } = effectDialogs(sais, auditor);
    const { context, page } = await sais.browse(operator, 'en');
    try {
      await page.goto(
        `${origin}/console/#/signals?filter=${encodeURIComponent(JSON.stringify({ competitionId: track }))}`,
      );
      const row = page.locator('tbody tr', { hasText: 'Near-identical predictions' });
      await row.waitFor();
      await row.getByText('Near-identical predictions').click();
      // Each compared submission by its sender (a single participant) and time in the competition's
      // zone (as its offset: one line), linking to it, the full id on hover.
      const shown = page.getByTestId('signal-evidence').getByTestId('compared-submission');
      await shown.first().waitFor();
      const texts = await shown.allTextContents();
      for (const { person } of pair)
        expect(
          texts.some((text) =>
            new RegExp(`^${person.username} · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} GMT\\+8$`).test(text),
          ),
        ).toBe(true);
      const links = shown.locator('a');
      // Each link's text on one line at this width (1400 px).
      const lines = await links.evaluateAll((all) =>
        all.map((link) => {
          const text = document.createRange();
          text.selectNodeContents(link);
          return new Set([...text.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      );
      expect(lines).toEqual(pair.map(() => 1));
      const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')));
      expect(hrefs.map((href) => href?.match(/submissions\/([0-9a-f-]{36})\/show/)?.[1]).sort()).toEqual(
        pair.map(({ submissionId }) => submissionId).sort(),
      );
      // The evidence at the widths staff use (issue 35's layout check): no header or short cell broken,
      // no sideways scroll.
      for (const width of [1366, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const problems = await badLayout(page);
        expect(problems, `${width} px:\n${problems.join('\n')}`).toEqual([]);
      }
      await links.first().hover();
      await page
        .getByRole('tooltip')
        .getByText(/^\w+: [0-9a-f-]{36}$/)
        .waitFor();

      // Disqualify the second participant through the signal.
      const [kept, copier] = pair as [(typeof pair)[0], (typeof pair)[0]];
      const disqualify = () =>
        row.getByTestId('signal-disqualify').filter({ hasText: copier.person.username }).click();
      await cancelChangesNothing(
        page,
        disqualify,
        new RegExp(
          `^Disqualify team ${copier.person.username} in Correlated track: all of its submissions leave both leaderboards`,
        ),
      );
      await expect.poll(() => row.getByTestId('signal-status').textContent()).toBe('Open');
      expect((await board()).body.data.total).toBe(2);
      await disqualify();
      await confirmAppends(page, { reason: 'Same errors, shifted' }, [
        'scoring.CollusionSignalDecided',
        'scoring.TeamDisqualified',
      ]);
      await row.getByText('Disqualified').waitFor();
      const after = await until(
        board,
        (answer) => answer.body.data.total === 1,
        'one team left on the board',
      );
      expect(JSON.stringify(after.body.data)).toContain(kept.person.userId);
      expect(JSON.stringify(after.body.data)).not.toContain(copier.person.userId);
    } catch (error) {
      throw await explained(page, error, 'integrity-correlated');
    } finally {
      await context.close();
    }
  });
});
