import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badLayout } from '../../infra/test/layout.ts';
import { type ConsolePlatform, type Person, explained, startConsolePlatform } from './support/platform';
import {
  choose,
  closePhase,
  formTeam,
  onPrivateBoard,
  scoredCompetition,
  signUp,
  uploadCsv,
  yieldCsv,
} from './support/scoring';
import { until } from '../../infra/test/until.ts';

const json = { 'content-type': 'application/json' };

/**
 * Issue 35 (point 4, layout), the console's tables that table-layout.e2e.test.ts does not reach, with a
 * competition's worth of content: its page (phases, a baseline, a write-up), both leaderboards of a
 * published phase with two secondary metrics, the private board as of now, a copied file's signal with
 * its evidence, a team, the competition's, team's and scoring's event histories and one stream's
 * history. At 1366 and 1440 px, in zh-CN and en: no header or short cell on two lines, no table wider
 * than its place, no page scrolling sideways.
 */
describe('the console’s competition tables at 1366 and 1440 px', () => {
  let sais: ConsolePlatform;
  let operator: Person;
  let admin: Person;
  let competitionId: string;
  let teamId: string;
  /** A team's event stream, for the stream history page. */
  let stream: string;

  beforeAll(async () => {
    sais = await startConsolePlatform('tablelayoutcomp');
    operator = await sais.account(['operator']);
    admin = await sais.account(['admin', 'operator', 'reviewer', 'auditor']);
    const truth = yieldCsv(40, (i) => i * 5);
    competitionId = await scoredCompetition(sais, operator, truth, { secondaryMetrics: 'mae,r2' });
    // Four participants: two of them a team, all scored; the fourth sends the third's file (a signal).
    const people = [
      await sais.account([]),
      await sais.account([]),
      await sais.account([]),
      await sais.account([]),
    ];
    for (const person of people) await signUp(sais, person, competitionId);
    const [owner, member, alone, copier] = people as [Person, Person, Person, Person];
    teamId = await formTeam(sais, owner, competitionId, 'Owls 猫头鹰');
    const invitation = await sais.api<{ code: string }>(owner, '/api/team/invitation/create', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ teamId, hours: 168, maxUses: 1 }),
    });
    expect(invitation.body).toMatchObject({ code: 0 });
    const joined = await sais.api(member, '/api/team/invitation/join', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ code: invitation.body.data.code }),
    });
    expect(joined.body).toMatchObject({ code: 0 });
    for (const [person, off] of [
      [owner, 0.4],
      [alone, 1.4],
      [copier, 1.4],
    ] as const)
      await uploadCsv(
        sais,
        person,
        '/api/submission/upload',
        { competitionId },
        yieldCsv(40, (i) => i * 5 + off),
      );
    // A baseline on the boards.
    await uploadCsv(
      sais,
      operator,
      '/api/admin/leaderboard/baselines',
      { competitionId, phase: 'preliminary', name: '均值基线', description: '每个 id 都预测均值' },
      yieldCsv(40, (i) => i * 5 + 2),
    );
    await onPrivateBoard(sais, operator, competitionId, 3, 90_000);

    // Published (two operators: one proposes, another approves), write-ups opened and one written.
    await closePhase(sais, operator, competitionId);
    const step = (who: Person, name: 'propose' | 'approve') =>
      sais.api(who, `/api/admin/leaderboard/publication/${name}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ competitionId, phase: 'preliminary', reason: 'Ranking checked' }),
      });
    await until(
      () => step(operator, 'propose'),
      (answer) => answer.body.code === 0,
      'the publication proposed',
    );
    expect((await step(admin, 'approve')).body).toMatchObject({ code: 0 });
    const opened = await sais.api(operator, '/api/admin/leaderboard/writeups/open', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        competitionId,
        phase: 'preliminary',
        places: 3,
        deadline: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    });
    expect(opened.body).toMatchObject({ code: 0 });
    const form = new FormData();
    form.set('competitionId', competitionId);
    form.set('phase', 'preliminary');
    form.set('title', 'Boosted trees');
    form.set('body', '## Method\n\nGradient boosting.');
    await until(
      () => sais.api(owner, '/api/submission/writeup', { method: 'POST', body: form }),
      (answer) => answer.body.code === 0,
      'the write-up taken',
    );
    const events = await sais.api<{ stream: { id: string } }[]>(
      admin,
      `/api/admin/audit/team/events?range=${encodeURIComponent('[0,0]')}`,
    );
    stream = events.body.data[0]!.stream.id;
  }, 180_000);

  afterAll(async () => {
    await sais?.close();
  });

  const words = {
    'zh-CN': {
      competition: '比赛',
      phase: '阶段',
      title: '催化剂产率预测',
      preliminary: '初赛',
      board: '榜单',
      private: '私有',
      identical: '结果文件完全相同',
    },
    en: {
      competition: 'Competition',
      phase: 'Phase',
      title: 'Catalyst yield',
      preliminary: 'Preliminary',
      board: 'Board',
      private: 'Private',
      identical: 'Identical result files',
    },
  };

  for (const width of [1366, 1440])
    for (const language of ['zh-CN', 'en'] as const)
      it(`keeps the competition's tables' headers and short cells on one line, no sideways scroll, at ${width} px, ${language}`, async () => {
        const { context, page } = await sais.browse(admin, language === 'en' ? 'en' : undefined);
        try {
          await page.setViewportSize({ width, height: 900 });
          const problems: string[] = [];
          const look = async (name: string) => {
            for (const problem of await badLayout(page)) problems.push(`${name}: ${problem}`);
          };

          await page.goto(`${sais.origin}/console/#/competitions/${competitionId}`);
          await page.getByTestId('baseline-row').first().waitFor();
          await page.getByTestId('writeup-row').first().waitFor();
          await page.getByTestId('phase-preliminary').waitFor();
          await look('the competition');

          const w = words[language];
          await page.goto(`${sais.origin}/console/#/leaderboards`);
          await choose(page, w.competition, w.title);
          await choose(page, w.phase, w.preliminary);
          for (const board of ['board-public', 'board-private'])
            await page.getByTestId(board).getByTestId('board-row').nth(1).waitFor();
          await look('the leaderboards');

          await page.goto(`${sais.origin}/console/#/integrity/asof`);
          await choose(page, w.competition, w.title);
          await choose(page, w.board, w.private);
          await page.getByTestId('asof-show').click();
          await page.locator('[data-testid="asof-table"] tbody tr').nth(2).waitFor();
          await look('the leaderboard as of a time');

          await page.goto(`${sais.origin}/console/#/signals`);
          await page.locator('tbody tr', { hasText: w.identical }).first().getByText(w.identical).click();
          await page.getByTestId('signal-evidence').locator('tbody tr').nth(1).waitFor();
          await look('a signal’s evidence');

          await page.goto(`${sais.origin}/console/#/teams/${teamId}/show`);
          await page.locator('tbody tr').nth(1).waitFor();
          await look('the team');

          for (const service of ['competition', 'team', 'scoring']) {
            await page.goto(`${sais.origin}/console/#/audit/${service}/events`);
            await page.locator('tbody tr').first().waitFor();
            // Every stream named (a name being loaded reads "…").
            await page.waitForFunction(() =>
              [...document.querySelectorAll('[data-testid="stream-name"] span')].every(
                (part) => part.textContent !== '…',
              ),
            );
            await look(`the ${service} events`);
          }

          await page.goto(`${sais.origin}/console/#/audit/streams/team/${encodeURIComponent(stream)}`);
          await page.locator('tbody tr').first().waitFor();
          await look('a team stream');
          expect(problems, problems.join('\n')).toEqual([]);
        } catch (error) {
          throw await explained(page, error, `layout-competition${width}`);
        } finally {
          await context.close();
        }
      });
});
