import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openDatabase } from '@sais/kit/db';
import type { Projection } from '@sais/kit/projections';
import { projectionSources, verifyReadModels } from '@sais/kit/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, projectionsOf, scoringHarness } from './support.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Issue 17 on the embedded default (`npm start`: PGlite in the data folder): a leaderboard row edited
 * behind the projection's back is named by the read-model check, in the running platform and by
 * `npm run events:verify -- --read-models` on the stopped one. (read-models.int.test.ts: PostgreSQL.)
 */
describe('read models checked against the events (embedded default)', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let projections: Projection[];
  let competitionId: string;
  let teamA: string;
  let closed = false;

  beforeAll(async () => {
    h = await scoringHarness({}, undefined, { embedded: true });
    expect(h.platform.database.kind).toBe('pglite');
    projections = projectionsOf(h);
    competitionId = await h.competition(csv((i) => i * 5));
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    teamA = a.accountId;
    await h.submit(
      a.web,
      competitionId,
      csv((i) => i * 5 + 1),
    );
    await h.submit(
      b.web,
      competitionId,
      csv((i) => i * 5 + 3),
    );
    await h.board(competitionId, (d) => d.total === 2);
  }, 180_000);
  afterAll(async () => {
    if (!closed) await h?.close();
  });

  it('names the leaderboard row an attacker changed, in the running platform', async () => {
    await sql`update scoring.leaderboard set best_score = 0.001
      where competition_id = ${competitionId} and team_id = ${teamA}`.execute(h.db);
    const result = await verifyReadModels(
      h.db,
      projections,
      (projection) => projectionSources(h.db, h.platform.stores, projection),
      { personal: h.platform.stores.get('identity')!.personal },
    );
    expect(result.ok).toBe(false);
    const board = result.projections.find((p) => p.projection === 'scoring.leaderboard')!;
    expect(board.differences).toEqual([
      {
        projection: 'scoring.leaderboard',
        table: 'leaderboard',
        key: { competition_id: competitionId, phase: 'preliminary', team_id: teamA },
        kind: 'changed',
        columns: [{ column: 'best_score', live: 0.001, rebuilt: 1 }],
      },
    ]);
    expect(result.projections.filter((p) => !p.ok).map((p) => p.projection)).toEqual(['scoring.leaderboard']);
  });

  it('events:verify -- --read-models on the stopped platform prints the row and exits 1', async () => {
    await h.platform.close();
    // An edit made with the platform stopped, on the database file itself.
    const database = await openDatabase({ kind: 'pglite', dataDir: join(h.dataDir, 'pg') });
    await sql`insert into scoring.leaderboard (competition_id, phase, team_id, metric, best_score, submission_id, submitted_at)
      values (${competitionId}, 'preliminary', 'forged-team', 'rmse', 0, gen_random_uuid(), now())`.execute(
      database.db,
    );
    await database.close();
    const env: NodeJS.ProcessEnv = { ...process.env, SAIS_DATA_DIR: h.dataDir, SAIS_KEYS_DIR: h.keysDir };
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
    const failed = await run('npm', ['run', '--silent', 'events:verify', '--', '--read-models'], {
      cwd: root,
      env,
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed?.code, failed?.stderr).toBe(1);
    expect(failed?.stdout).toContain('scoring: ok');
    expect(failed?.stdout).toContain('read model scoring.leaderboard: 2 rows DIFFER from the events');
    expect(failed?.stdout).toContain(
      `leaderboard (competition_id="${competitionId}", phase="preliminary", team_id="${teamA}"): changed`,
    );
    expect(failed?.stdout).toContain(`team_id="forged-team"): only in the live table`);
    closed = true;
    await h.close().catch(() => undefined);
  }, 180_000);
});
