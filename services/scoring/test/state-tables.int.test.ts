import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openDatabase } from '@sais/kit/db';
import { type StateTablesResult, verifyStateTables } from '@sais/kit/platform';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionStateCheck } from '@sais/competition';
import { teamStateCheck } from '@sais/team';
import { scoringStateCheck } from '../src/integrity/state-check.ts';
import { csv, scoringHarness, waitFor } from './support.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Issue 33, finding 3 (decision 0028): scoring's state tables (rows its commands write beside their
 * events) are compared with what the events say; an edit of any checked column behind the platform's
 * back is named by table, key and column, and an untouched store raises nothing. Runs in both modes
 * (PostgreSQL, and the embedded default through the `embedded` project).
 */
describe('state tables checked against the events', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let competitionId: string;
  let teamA: string;
  let teamB: string;
  let scored: string;
  let disqualified: string;
  let teamC: string;
  let ownerC: string;
  let applicationD: string;
  let closed = false;
  const check = (): Promise<StateTablesResult> =>
    verifyStateTables(
      h.db,
      [competitionStateCheck, teamStateCheck, scoringStateCheck],
      (c) => [h.platform.stores.get(c.schema)!],
      { personal: h.platform.stores.get('identity')!.personal },
    );
  const differences = async () => (await check()).checks.flatMap((c) => c.differences);

  beforeAll(async () => {
    h = await scoringHarness();
    competitionId = await h.competition(csv((i) => i * 5));
    const a = await h.participant(competitionId);
    const b = await h.participant(competitionId);
    [teamA, teamB] = [a.accountId, b.accountId];
    scored = (
      await h.submit(
        a.web,
        competitionId,
        csv((i) => i * 5 + 1),
      )
    ).submissionId;
    disqualified = (
      await h.submit(
        a.web,
        competitionId,
        csv((i) => i * 5 + 2),
      )
    ).submissionId;
    await h.submit(
      b.web,
      competitionId,
      csv((i) => i * 5 + 3),
    );
    // A file refused for its format at upload: a ledger entry of its own.
    const refused = await h.post(a.web, competitionId, 'wrong,header\nr0,1\n');
    expect(refused.body.code).not.toBe(0);
    const chosen = await a.web.post('/api/submission/selectFinal', {
      competitionId,
      submissionIds: [scored],
    });
    expect(chosen.body.code).toBe(0);
    const dq = await h.operator.web.post(`/api/admin/submissions/${disqualified}/disqualify`, {
      reason: 'copied',
    });
    expect(dq.body.code).toBe(0);
    const team = await h.operator.web.post('/api/admin/leaderboard/disqualifyTeam', {
      competitionId,
      teamId: teamB,
      reason: 'two accounts',
    });
    expect(team.body.code).toBe(0);
    // A team of two others, and a pending application to it: the team service's claims.
    const c = await h.participant(competitionId);
    const d = await h.participant(competitionId);
    const created = await waitFor(
      () => c.web.post('/api/team/create', { competitionId, name: 'Checkers' }),
      (r) => r.body.code === 0,
      'the team service to know the sign-up',
    );
    teamC = created.body.data.teamId;
    const applied = await waitFor(
      () => d.web.post('/api/team/apply', { teamId: teamC }),
      (r) => r.body.code === 0,
      'the application',
    );
    expect(applied.body.code).toBe(0);
    ownerC = c.accountId;
    const open = await sql<{ application_id: string }>`
      select application_id from team.open_applications where account_id = ${d.accountId}`.execute(h.db);
    applicationD = open.rows[0]!.application_id;
  }, 180_000);
  afterAll(async () => {
    if (!closed) await h?.close();
  });

  it('finds nothing on an untouched store, and counts every row', async () => {
    const result = await check();
    expect(result.checks.flatMap((c) => c.differences)).toEqual([]);
    expect(result.ok).toBe(true);
    const rows = Object.fromEntries(result.checks[2]!.tables.map((t) => [t.table, t.liveRows]));
    expect(rows).toMatchObject({
      submissions: 3,
      final_selections: 1,
      team_disqualifications: 1,
      ground_truths: 1,
    });
    // Three submissions and one refused upload.
    expect(rows.quota_ledger).toBe(4);
    const competitionRows = result.checks[0]!.tables.find((t) => t.table === 'registrations')!;
    expect(competitionRows.liveRows).toBeGreaterThanOrEqual(2);
  });

  // Each checked column, edited alone: the check names its table, key and column, and nothing else.
  const edits: {
    schema?: string;
    table: string;
    column: string;
    value: string;
    key: () => Record<string, unknown>;
  }[] = [
    ...Object.entries({
      settings: `jsonb_set(settings, '{dailySubmissionLimit}', '50')`,
      phases: `jsonb_set(phases, '{preliminary,endsAt}', '"2099-01-01T00:00:00.000Z"')`,
      content: `'{"rules": {"en": "forged", "zh-CN": "forged"}}'`,
      type: `'Other'`,
      season: `'1999'`,
      version: 'version + 1',
      created_at: `created_at - interval '1 day'`,
    }).map(([column, value]) => ({
      schema: 'competition',
      table: 'competitions',
      column,
      value,
      key: () => ({ competition_id: competitionId }),
    })),
    {
      schema: 'team',
      table: 'seats',
      column: 'team_id',
      value: 'gen_random_uuid()',
      key: () => ({ competition_id: competitionId, account_id: ownerC }),
    },
    {
      schema: 'team',
      table: 'attempts',
      column: 'used',
      value: '0',
      key: () => ({ competition_id: competitionId, account_id: ownerC }),
    },
    ...Object.entries({ kind: `'leave'`, requested_at: `requested_at + interval '1 millisecond'` }).map(
      ([column, value]) => ({
        schema: 'team',
        table: 'open_applications',
        column,
        value,
        key: () => ({ application_id: applicationD }),
      }),
    ),
    {
      schema: 'competition',
      table: 'registrations',
      column: 'signed_up_at',
      value: `signed_up_at - interval '10 days'`,
      key: () => ({ competition_id: competitionId, account_id: teamA }),
    },
    ...Object.entries({
      public_score: '0.99',
      private_score: '0.98',
      status: `'Invalid'`,
      sha256: `repeat('a', 64)`,
      file_name: `'other.csv'`,
      size: '7',
      team_id: `'someone-else'`,
      competition_id: 'gen_random_uuid()',
      phase: `'final'`,
      submitter_id: 'gen_random_uuid()',
      quota_day: `'2020-01-01'`,
      description: `'forged'`,
      disqualified_reason: `'forged'`,
      created_at: `created_at - interval '1 day'`,
    }).map(([column, value]) => ({
      table: 'submissions',
      column,
      value,
      key: () => ({ submission_id: scored }),
    })),
    ...Object.entries({
      delta: '0',
      quota_day: `'2020-01-01'`,
      team_id: `'x'`,
      competition_id: 'gen_random_uuid()',
    }).map(([column, value]) => ({
      table: 'quota_ledger',
      column,
      value,
      key: () => ({ submission_id: scored, reason: 'submission' }),
    })),
    ...Object.entries({
      submission_ids: `array['00000000-0000-4000-8000-000000000000']::uuid[]`,
      selected_by: 'gen_random_uuid()',
      selected_at: `selected_at + interval '1 hour'`,
    }).map(([column, value]) => ({
      table: 'final_selections',
      column,
      value,
      key: () => ({ competition_id: competitionId, phase: 'preliminary', team_id: teamA }),
    })),
    ...Object.entries({ reason: `'other'`, disqualified_at: `disqualified_at - interval '2 days'` }).map(
      ([column, value]) => ({
        table: 'team_disqualifications',
        column,
        value,
        key: () => ({ competition_id: competitionId, team_id: teamB }),
      }),
    ),
    ...Object.entries({
      metric: `'mae'`,
      sha256: `repeat('b', 64)`,
      public_percent: '10',
      split_key_sha256: `repeat('c', 64)`,
      scorer_version: `'0'`,
      reveal_ground_truth: 'not reveal_ground_truth',
    }).map(([column, value]) => ({
      table: 'ground_truths',
      column,
      value,
      key: () => ({ competition_id: competitionId }),
    })),
  ];

  it.each(edits.map((edit) => [`${edit.schema ?? 'scoring'}.${edit.table}.${edit.column}`, edit] as const))(
    'names %s edited in the database, and passes once it is put back',
    async (_, edit) => {
      const key = edit.key();
      const where = sql.join(
        Object.entries(key).map(([column, value]) => sql`${sql.ref(column)}::text = ${String(value)}`),
        sql` and `,
      );
      const table = sql.table(`${edit.schema ?? 'scoring'}.${edit.table}`);
      const before = await sql<{ row: Record<string, unknown> }>`
        select to_jsonb(t) as row from ${table} t where ${where}`.execute(h.db);
      expect(before.rows).toHaveLength(1);
      await sql`update ${table} set ${sql.ref(edit.column)} = ${sql.raw(edit.value)} where ${where}`.execute(
        h.db,
      );
      try {
        const found = await differences();
        expect(found).toHaveLength(1);
        expect(found[0]).toMatchObject({ table: edit.table, key, kind: 'changed' });
        expect(found[0]!.columns.map((c) => c.column)).toEqual([edit.column]);
      } finally {
        await sql`update ${table} t set ${sql.ref(edit.column)} =
            (jsonb_populate_record(null::${table}, ${JSON.stringify(before.rows[0]!.row)}::jsonb)).${sql.ref(edit.column)}
          where ${where}`.execute(h.db);
      }
      expect(await differences()).toEqual([]);
    },
  );

  it('names a stored ground-truth file that is not the one its event committed to', async () => {
    const before = await sql<{ content: Buffer }>`
      select content from scoring.ground_truths where competition_id = ${competitionId}`.execute(h.db);
    await sql`update scoring.ground_truths set content = ${Buffer.from('id,yield\nr0,0\n')}
      where competition_id = ${competitionId}`.execute(h.db);
    const found = await differences();
    expect(found).toMatchObject([
      {
        table: 'ground_truths',
        key: { competition_id: competitionId },
        columns: [{ column: 'content_sha256' }],
      },
    ]);
    await sql`update scoring.ground_truths set content = ${before.rows[0]!.content}
      where competition_id = ${competitionId}`.execute(h.db);
    expect(await differences()).toEqual([]);
  });

  it('names a row deleted and a row no event explains', async () => {
    const before = await sql<{ row: Record<string, unknown> }>`
      select to_jsonb(t) as row from scoring.final_selections t where team_id = ${teamA}`.execute(h.db);
    await sql`delete from scoring.final_selections where team_id = ${teamA}`.execute(h.db);
    const forged = randomUUID();
    await sql`insert into scoring.quota_ledger (competition_id, team_id, quota_day, submission_id, delta, reason)
      values (${competitionId}, ${teamA}, '2027-01-01', ${forged}, -1, 'refund')`.execute(h.db);
    const found = await differences();
    expect(found).toHaveLength(2);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          table: 'final_selections',
          kind: 'missing',
          key: { competition_id: competitionId, phase: 'preliminary', team_id: teamA },
        }),
        expect.objectContaining({
          table: 'quota_ledger',
          kind: 'extra',
          key: { submission_id: forged, reason: 'refund' },
        }),
      ]),
    );
    await sql`delete from scoring.quota_ledger where submission_id = ${forged}`.execute(h.db);
    await sql`insert into scoring.final_selections
      select * from jsonb_populate_record(null::scoring.final_selections, ${JSON.stringify(before.rows[0]!.row)}::jsonb)`.execute(
      h.db,
    );
    expect(await differences()).toEqual([]);
  });

  it('for any score other than the events’ one, names the column with both values', async () => {
    const truth = await sql<{ public_score: number }>`
      select public_score from scoring.submissions where submission_id = ${scored}`.execute(h.db);
    const real = truth.rows[0]!.public_score;
    await fc.assert(
      fc.asyncProperty(
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => x !== real && !Object.is(x, -0)),
        async (forged) => {
          await sql`update scoring.submissions set public_score = ${forged} where submission_id = ${scored}`.execute(
            h.db,
          );
          const found = await differences();
          expect(found).toEqual([
            {
              table: 'submissions',
              key: { submission_id: scored },
              kind: 'changed',
              columns: [{ column: 'public_score', live: forged, expected: real }],
            },
          ]);
        },
      ),
      { numRuns: 12 },
    );
    await sql`update scoring.submissions set public_score = ${real} where submission_id = ${scored}`.execute(
      h.db,
    );
    expect(await differences()).toEqual([]);
  });

  it('events:verify -- --read-models names the edited score and exits 1 (0 when untouched)', async () => {
    const verify = async () => {
      const env: NodeJS.ProcessEnv = { ...process.env, SAIS_KEYS_DIR: h.keysDir };
      if (h.platform.database.kind === 'pglite') {
        env.SAIS_DATA_DIR = h.dataDir;
        delete env.DATABASE_URL;
        delete env.KAFKA_BROKERS;
      } else env.DATABASE_URL = h.databaseUrl;
      return run('npm', ['run', '--silent', 'events:verify', '--', '--read-models'], { cwd: root, env }).then(
        (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    };
    const edit = async (score: string) => {
      const statement = sql`update scoring.submissions set public_score = ${sql.raw(score)}
        where submission_id = ${scored}`;
      if (h.platform.database.kind !== 'pglite') return void (await statement.execute(h.db));
      // PGlite is one process's: the platform stops, the attacker edits the file, the tool reads it.
      const database = await openDatabase({ kind: 'pglite', dataDir: join(h.dataDir, 'pg') });
      await statement.execute(database.db);
      await database.close();
    };
    const real = (
      await sql<{ public_score: number }>`
        select public_score from scoring.submissions where submission_id = ${scored}`.execute(h.db)
    ).rows[0]!.public_score;
    if (h.platform.database.kind === 'pglite') {
      closed = true;
      await h.platform.close();
    }
    await edit('0.99');
    const failed = await verify();
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stdout).toContain('state scoring state: 1 rows DIFFER from the events');
    expect(failed.stdout).toContain(`submissions (submission_id="${scored}"): changed`);
    expect(failed.stdout).toContain(`public_score: live 0.99, events say ${real}`);
    await edit(String(real));
    const passed = await verify();
    expect(passed.code, passed.stdout).toBe(0);
    expect(passed.stdout).toMatch(/state scoring state: ok, \d+ rows match the events/);
    if (closed) await h.close().catch(() => undefined);
  }, 180_000);
});
