import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badLayout } from '../../infra/test/layout.ts';
import {
  type ScoredPortal,
  signedInPage,
  signedUpParticipant,
  startScoredPortal,
  until,
} from './support/one-phase';

const shots = fileURLToPath(new URL('../../docs/portal/', import.meta.url));
const ids = Array.from({ length: 40 }, (_, i) => `m${i}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${i * 2.5}`).join('\n')}\n`;
/** Off by `by` on every id: RMSE and MAE `by`. */
const off = (by: number) => `id,yield\n${ids.map((id, i) => `${id},${i * 2.5 + by}`).join('\n')}\n`;
/** The same id twice: refused by the scorer (Invalid), with its note in the log column. */
const twice = `id,yield\n${ids.map((id, i) => `${i === 2 ? 'm1' : id},${i * 2.5}`).join('\n')}\n`;

/**
 * Issue 35 (point 4, layout) on the participant's pages with tables: at 1366 and 1440 px, in zh-CN and
 * en, no column header and no short cell (rank, time, status) breaks onto a second line (名/次, 日/志),
 * and no page scrolls sideways. The pages have content: a board of three teams with two secondary
 * metric columns, public and (published) private with the shake-up columns; a team's submissions with a
 * scorer's refusal in the log column; a team of two with an open application and invitation links; the
 * prize places' write-ups; the competition's data file; the participant's competitions.
 */
describe('the portal’s tables at 1366 and 1440 px', () => {
  /** Its participant is the owner of the team "Owls": the pages are seen through their eyes. */
  let portal: ScoredPortal;
  const stamp = 100_000 + (Date.now() % 900_000);

  const upload = async (cookie: string, content: string, fileName: string, description?: string) => {
    const form = new FormData();
    form.set('competitionId', portal.competitionId);
    if (description) form.set('description', description);
    form.set('file', new Blob([content], { type: 'text/csv' }), fileName);
    const uploaded = await portal.call(cookie, '/submission/upload', form);
    expect(uploaded).toMatchObject({ code: 0 });
  };
  /** Waits until `count` of the caller's team's submissions are scored or refused (60 s at most). */
  const settled = (cookie: string, count: number) =>
    until(
      () => portal.call(cookie, `/submission/mine?competitionId=${portal.competitionId}`),
      (answer) =>
        ((answer.data as { status: string }[] | undefined) ?? []).filter((submission) =>
          ['Completed', 'Invalid', 'Failed'].includes(submission.status),
        ).length === count,
      `${count} submissions settled`,
      60_000,
    );

  beforeAll(async () => {
    portal = await startScoredPortal({
      stamp,
      metric: 'rmse',
      revealGroundTruth: false,
      truth,
      mine: off(0.9),
      secondaryMetrics: 'mae,r2',
    });
    const { call, competitionId, operator, participant: owner, running } = portal;
    // A data file for the data page's file table.
    const dataFile = new FormData();
    dataFile.set('kind', 'dataset');
    dataFile.set('file', new Blob([truth], { type: 'text/csv' }), 'catalyst_yield_train_2027.csv');
    expect(await call(operator, `/admin/competitions/${competitionId}/files`, dataFile)).toMatchObject({
      code: 0,
    });
    const [second, third, fourth] = await Promise.all(
      ['two', 'thr', 'fou'].map((name) => signedUpParticipant(running, competitionId, `${name}${stamp}`)),
    );

    // The owner's team of two (the second joined by an invitation link), a link still open and a third
    // participant's application waiting.
    expect(await call(owner, '/team/create', { competitionId, name: `Owls ${stamp}` })).toMatchObject({
      code: 0,
    });
    const mine = (await call(owner, `/team/myTeam?competitionId=${competitionId}`)).data as {
      team: { teamId: string };
    };
    const invitation = await call(owner, '/team/invitation/create', {
      teamId: mine.team.teamId,
      hours: 168,
      maxUses: 1,
    });
    expect(invitation).toMatchObject({ code: 0 });
    const code = (invitation.data as { code: string }).code;
    expect(await call(second!, '/team/invitation/join', { code })).toMatchObject({ code: 0 });
    expect(
      await call(owner, '/team/invitation/create', { teamId: mine.team.teamId, hours: 24, maxUses: 1 }),
    ).toMatchObject({ code: 0 });
    expect(await call(fourth!, '/team/apply', { teamId: mine.team.teamId })).toMatchObject({ code: 0 });

    // Three teams on the board; the team's own three files (its owner's file from before it was formed
    // stays theirs alone): one with a description, one refused for a repeated id.
    await upload(third!, off(1.4), 'third.csv');
    await upload(owner, off(0.6), 'result-v2.csv');
    await upload(owner, off(0.4), 'result-v3.csv', 'gradient boosting, 500 trees');
    await upload(owner, twice, 'twice.csv');
    await settled(owner, 3);
    await settled(third!, 1);

    // The phase closed, its final results published, write-ups opened; the owner's team writes one.
    const phase = 'preliminary';
    await portal.closeAndPublish();
    expect(
      await call(operator, '/admin/leaderboard/writeups/open', {
        competitionId,
        phase,
        places: 3,
        deadline: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    ).toMatchObject({ code: 0 });
    const writeUp = new FormData();
    writeUp.set('competitionId', competitionId);
    writeUp.set('phase', phase);
    writeUp.set('title', 'Boosted trees');
    writeUp.set('body', '# Method\n\nGradient boosting on engineered features.');
    await until(
      () => call(owner, '/submission/writeup', writeUp),
      (answer) => answer.code === 0,
      'the write-up taken',
    );
  }, 240_000);

  afterAll(() => portal?.close());

  /** Each page, and what shows it has its content (not a spinner or an empty state). */
  const pages: { name: string; path: string; ready: (page: Page) => Promise<unknown>; shot?: string }[] = [
    {
      name: 'the public board',
      path: 'leaderboard',
      ready: (page) => atLeast(page.getByTestId('leaderboard-row'), 3),
      shot: 'table-leaderboard',
    },
    {
      name: 'the private board',
      path: 'leaderboard',
      ready: async (page) => {
        await atLeast(page.getByTestId('leaderboard-row'), 3);
        await page.getByTestId('board-private').click();
        await atLeast(page.getByTestId('leaderboard-public-rank'), 3);
      },
      shot: 'table-leaderboard-private',
    },
    {
      name: 'my submissions',
      path: 'mySubmissions',
      ready: async (page) => {
        await atLeast(page.getByTestId('submission-row'), 3);
        await page.getByTestId('submission-log').filter({ hasText: /\S/ }).first().waitFor();
      },
      shot: 'table-my-submissions',
    },
    {
      name: 'my team',
      path: 'team/myTeam',
      ready: async (page) => {
        await atLeast(page.getByTestId('team-member'), 2);
        await atLeast(page.getByTestId('team-application'), 1);
        await atLeast(page.getByTestId('team-invitation'), 2);
      },
      shot: 'table-my-team',
    },
    {
      name: 'the write-ups',
      path: 'writeUps',
      ready: (page) => atLeast(page.getByTestId('writeup-row'), 1),
    },
    {
      name: 'the data files',
      path: 'competitionData',
      ready: (page) =>
        page
          .getByTestId('files-dataset')
          .getByRole('row', { name: /catalyst_yield/ })
          .waitFor(),
    },
    {
      name: 'the phases',
      path: 'format',
      ready: (page) => page.locator('table').first().waitFor(),
    },
  ];

  async function atLeast(rows: Locator, count: number) {
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  }

  for (const width of [1366, 1440])
    for (const language of ['zh-CN', 'en'] as const)
      it(`keeps every table's headers and short cells on one line, no sideways scroll, at ${width} px, ${language}`, async () => {
        const { browser, origin, competitionId, participant: owner } = portal;
        const signedIn = await signedInPage(browser, origin, owner);
        const { page } = signedIn;
        try {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${origin}/intro`);
          await signedIn.language(language);
          const problems: string[] = [];
          const visit = async (name: string, path: string, ready: (page: Page) => Promise<unknown>) => {
            await page.goto(`${origin}${path}`);
            await ready(page);
            // The board keeps its event stream open, so no network quiet: the fonts loaded, the layout settled.
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            for (const problem of await badLayout(page)) problems.push(`${name}: ${problem}`);
          };
          for (const { name, path, ready, shot } of pages) {
            await visit(name, `/competitionDetail/${competitionId}/${path}`, ready);
            if (shot && width === 1366)
              await page.screenshot({ path: `${shots}${shot}-${language}.png`, fullPage: true });
          }
          await visit('my competitions', '/user/myRace', (page) =>
            atLeast(page.getByTestId('my-races').locator('tbody tr'), 1),
          );
          expect(problems).toEqual([]);
        } finally {
          await page.context().close();
        }
      });
});
