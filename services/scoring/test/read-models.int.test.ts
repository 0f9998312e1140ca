import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Projection, replayProjection } from '@sais/kit/projections';
import { type ReadModelsResult, projectionSources, verifyReadModels } from '@sais/kit/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardProjection } from '../src/boards/index.ts';
import { csv, projectionsOf, scoringHarness } from './support.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const truth = csv((i) => i * 5);

/** Issue 17: every read model rebuilt apart from the events and compared with the live one. */
describe('read models checked against the events', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let projections: Projection[];
  let competitionId: string;
  let teamA: string;
  const personal = () => h.platform.stores.get('identity')!.personal;
  const check = (): Promise<ReadModelsResult> =>
    verifyReadModels(
      h.db,
      projections,
      (projection) => projectionSources(h.db, h.platform.stores, projection),
      { personal: personal() },
    );

  beforeAll(async () => {
    h = await scoringHarness();
    projections = projectionsOf(h);
    competitionId = await h.competition(truth);
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    teamA = a.accountId;
    await h.submit(
      a.web,
      competitionId,
      csv((i) => i * 5 + 1),
    );
    await h.submit(
      a.web,
      competitionId,
      csv((i) => i * 5 + 2),
    );
    await h.submit(
      b.web,
      competitionId,
      csv((i) => i * 5 + 3),
    );
    await h.board(competitionId, (d) => d.total === 2);
  });
  afterAll(() => h.close());

  it('finds no difference on an untouched platform, in every projection of every service', async () => {
    const result = await check();
    expect(result.projections.map((p) => p.projection).sort()).toEqual(projections.map((p) => p.name).sort());
    expect(result.projections.filter((p) => !p.ok)).toEqual([]);
    expect(result.ok).toBe(true);
    const board = result.projections.find((p) => p.projection === 'scoring.leaderboard')!;
    expect(board.tables.find((t) => t.table === 'leaderboard')).toMatchObject({
      liveRows: 2,
      differences: 0,
    });
  });

  it('names the row, column and values an attacker changed behind the projection’s back', async () => {
    await sql`update scoring.leaderboard set best_score = 0.001
      where competition_id = ${competitionId} and team_id = ${teamA}`.execute(h.db);
    // A forged extra row, and a scored submission removed from the board's facts.
    await sql`insert into scoring.leaderboard (competition_id, phase, team_id, metric, best_score, submission_id, submitted_at)
      values (${competitionId}, 'preliminary', 'forged-team', 'rmse', 0, gen_random_uuid(), now())`.execute(
      h.db,
    );
    const result = await check();
    expect(result.ok).toBe(false);
    const board = result.projections.find((p) => p.projection === 'scoring.leaderboard')!;
    expect(board.ok).toBe(false);
    expect(board.differences).toEqual(
      expect.arrayContaining([
        {
          projection: 'scoring.leaderboard',
          table: 'leaderboard',
          key: { competition_id: competitionId, phase: 'preliminary', team_id: teamA },
          kind: 'changed',
          columns: [{ column: 'best_score', live: 0.001, rebuilt: 1 }],
        },
        expect.objectContaining({
          table: 'leaderboard',
          kind: 'extra',
          key: { competition_id: competitionId, phase: 'preliminary', team_id: 'forged-team' },
        }),
      ]),
    );
    expect(board.differenceCount).toBe(2);
    // Only the tampered projection is reported.
    expect(result.projections.filter((p) => !p.ok).map((p) => p.projection)).toEqual(['scoring.leaderboard']);
  });

  it('events:verify -- --read-models prints the differences and exits 1', async () => {
    const failed = await run('npm', ['run', '--silent', 'events:verify', '--', '--read-models'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: h.databaseUrl, SAIS_KEYS_DIR: h.keysDir },
    }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain('scoring: ok');
    expect(failed?.stdout).toContain('read model scoring.leaderboard: 2 rows DIFFER from the events');
    expect(failed?.stdout).toContain(
      `leaderboard (competition_id="${competitionId}", phase="preliminary", team_id="${teamA}"): changed`,
    );
    expect(failed?.stdout).toContain('best_score: live 0.001, rebuilt 1');
    expect(failed?.stdout).toContain('read model team.accounts: ok');
  }, 120_000);

  it('a replay repairs the read model, and the check passes again', async () => {
    await replayProjection(
      h.db,
      leaderboardProjection,
      await projectionSources(h.db, h.platform.stores, leaderboardProjection),
      undefined,
      { personal: personal() },
    );
    expect((await check()).ok).toBe(true);
    const board = await h.board(competitionId, (d) => d.total === 2);
    expect(board.records.find((r: { teamId: string }) => r.teamId === teamA).score).toBe(1);
  });
});
