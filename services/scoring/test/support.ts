import { randomUUID } from 'node:crypto';
import { competitionService, foldCompetition } from '@sais/competition';
import { competition as C, team as T, systemMetadata } from '@sais/events';
import { competitionEvents, competitionStream } from '@sais/events/fixtures';
import { Accounts, identityService } from '@sais/identity';
import type { Projection } from '@sais/kit/projections';
import { busEnv, client, multipart, platformForTest, testMode } from '@sais/kit/testing';
import { teamService } from '@sais/team';
import { sql } from 'kysely';
import type pino from 'pino';
import { isPublicRow } from '../src/evaluation/split.ts';
import { scoringService } from '../src/index.ts';

export type Web = ReturnType<typeof client>;

export const system = systemMetadata;

/**
 * The public ids of the competition a test made last with `h.competition` (its keyed split, decision
 * 0024: a fresh key each time, so tests read the split the platform stored rather than compute it).
 */
export const latestSplit = { publicIds: new Set<string>() };

/** `id,yield` rows r0..r{n-1} with value f(i). */
export const csv = (f: (i: number) => number, n = 20) =>
  'id,yield\n' + Array.from({ length: n }, (_, i) => `r${i},${f(i)}`).join('\n') + '\n';

/**
 * Reads until `done` holds, every 50 ms, for up to a minute: a bound on giving up, not on speed (a first
 * submission on a fresh platform waits for its consumers to join new topics, which on a loaded 2-core host
 * once took longer than the 300 reads this used to allow).
 */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A platform with identity, competition, team and scoring, on PostgreSQL and Kafka or on the embedded
 * default (the run's mode), plus helpers to drive it.
 */
export async function scoringHarness(
  env: Record<string, string> = {},
  logger?: pino.Logger,
  /**
   * `embedded`: on the embedded default (PGlite, in-process bus) instead of the test servers (PostgreSQL,
   * Kafka); unset: as the run's mode says (`SAIS_TEST_MODE`, vitest.config.ts).
   */
  { embedded = testMode() === 'embedded' }: { embedded?: boolean } = {},
) {
  const harness = await platformForTest(
    [identityService, competitionService, teamService, scoringService],
    'scoring',
    {
      logger,
      embedded,
      env: {
        ...busEnv('s', embedded ? 'embedded' : 'servers'),
        SCORING_BACKOFF_MS: '20',
        SCORING_BOARD_POLL_MS: '50',
        ...env,
      },
    },
  );
  const { platform } = harness;
  const db = platform.database.db;
  const accounts = () =>
    new Accounts(db, platform.stores.get('identity')!, undefined as never, undefined as never);

  async function account(roles: 'operator'[] = []) {
    const username = `s${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const accountId = await accounts().createStaff(
      { username, email: `${username}@example.org`, password: 'secret123', roles: [] },
      system(),
    );
    for (const role of roles) await accounts().grantRole(accountId, role, system());
    const web = client(platform.app);
    await web.post('/api/user/login', { username, password: 'secret123' });
    return { web, accountId, username };
  }

  const operator = await account(['operator']);

  /**
   * The competition service's row of a competition whose events the harness appended itself, written as
   * `Competitions.execute` writes it (the fold of the stream), so the state check finds it (decision 0028).
   */
  async function competitionRow(competitionId: string) {
    const events = await platform.stores.get('competition')!.readStream(`competition-${competitionId}`);
    const state = foldCompetition(events);
    if (state.status === 'none') return;
    const row = {
      settings: JSON.stringify(state.settings),
      phases: JSON.stringify(state.phases),
      content: JSON.stringify(state.content),
      type: state.settings.type,
      season: state.settings.season,
      version: events.at(-1)!.streamVersion,
    };
    // The slug as the competition service sets it when it makes the row (decision 0036).
    const slug = state.settings.slug ?? `competition-${competitionId}`;
    await sql`insert into competition.competitions (competition_id, settings, phases, content, type, season, version, slug)
      values (${competitionId}, ${row.settings}::jsonb, ${row.phases}::jsonb, ${row.content}::jsonb, ${row.type},
        ${row.season}, ${row.version}, ${slug})
      on conflict (competition_id) do update set settings = excluded.settings, phases = excluded.phases,
        content = excluded.content, type = excluded.type, season = excluded.season, version = excluded.version`.execute(
      db,
    );
  }

  /** A fresh competition with an open preliminary phase and the given ground truth (rmse unless told, 50 % public). */
  async function competition(
    truth: string,
    {
      dailySubmissionLimit = 5,
      metric = 'rmse',
      /** null: the setting absent (two operators, as the competition has prize money). */
      finalResultsApproval = 'one-operator' as 'one-operator' | 'two-operators' | null,
      /** The organiser's choice to publish the file after the last phase's results (decision 0031). */
      revealGroundTruth = false,
      /** Secondary metrics, comma-separated (decision 0046); '' none. */
      secondaryMetrics = '',
    } = {},
  ) {
    const competitionId = randomUUID();
    await platform.stores.get('competition')!.append(
      C.CompetitionCreated.aggregate,
      competitionStream(competitionId),
      'no_stream',
      competitionEvents(competitionId, {
        title: { en: 'Yield', 'zh-CN': '产率' },
        description: { en: 'd', 'zh-CN': 'd' },
        bonus: 1,
        // One operator publishes unless a test asks for the four-eyes rule (issue 19).
        ...(finalResultsApproval ? { finalResultsApproval } : {}),
        teamFormingAttempts: 3,
        dailySubmissionLimit,
      }),
      system(),
    );
    await competitionRow(competitionId);
    await waitFor(
      () => sql`select phases from scoring.competitions where competition_id = ${competitionId}`.execute(db),
      (r) => JSON.stringify(r.rows).includes('preliminary'),
      'competition mirror',
    );
    await uploadTruth(competitionId, truth, metric, revealGroundTruth, secondaryMetrics);
    latestSplit.publicIds = await publicIds(competitionId);
    return competitionId;
  }

  /**
   * An operator closes (or opens) a phase now, as the competition service records it, and scoring's
   * mirror has it: final results are published only once the phase has ended (issue 30).
   */
  async function setPhase(competitionId: string, step: 'close' | 'open', phase = 'preliminary') {
    const stream = `competition-${competitionId}`;
    const store = platform.stores.get('competition')!;
    const version = (await store.readStream(stream)).length;
    await store.append(
      C.PhaseClosed.aggregate,
      stream,
      version,
      [{ type: step === 'close' ? C.PhaseClosed.type : C.PhaseOpened.type, data: { competitionId, phase } }],
      system(),
    );
    await competitionRow(competitionId);
    const override = step === 'close' ? 'closed' : 'open';
    await waitFor(
      () =>
        sql<{ override: string | null }>`select phases -> ${phase} ->> 'override' as override
          from scoring.competitions where competition_id = ${competitionId}`.execute(db),
      (r) => r.rows[0]?.override === override,
      `the phase ${step} in scoring's mirror`,
    );
  }
  const closePhase = (competitionId: string, phase = 'preliminary') =>
    setPhase(competitionId, 'close', phase);
  const openPhase = (competitionId: string, phase = 'preliminary') => setPhase(competitionId, 'open', phase);
  /** The public ids of a competition's ground truth, as the platform split it when it was set. */
  async function publicIds(competitionId: string): Promise<Set<string>> {
    const { rows } = await sql<{ content: Buffer; public_mask: Buffer }>`
      select content, public_mask from scoring.ground_truths where competition_id = ${competitionId}`.execute(
      db,
    );
    const { content, public_mask: mask } = rows[0]!;
    const ids = content
      .toString('utf8')
      .split(/\r?\n/)
      .slice(1)
      .filter(Boolean)
      .map((line) => line.slice(0, line.indexOf(',')));
    return new Set(ids.filter((_, row) => isPublicRow(mask, row)));
  }

  /** The operator's ground-truth upload; answers the envelope. */
  async function groundTruth(
    competitionId: string,
    truth: string,
    metric = 'rmse',
    publicPercent = '50',
    revealGroundTruth = false,
    secondaryMetrics = '',
  ) {
    const { payload, contentType } = multipart(
      {
        competitionId,
        metric,
        publicPercent,
        revealGroundTruth: String(revealGroundTruth),
        // Only when asked: the default upload is the form it always was.
        ...(secondaryMetrics ? { secondaryMetrics } : {}),
      },
      { file: { name: 'truth.csv', type: 'text/csv', bytes: Buffer.from(truth) } },
    );
    const response = await operator.web.raw({
      method: 'POST',
      url: '/api/admin/groundtruth',
      payload,
      headers: { 'content-type': contentType },
    });
    return response.body;
  }

  async function uploadTruth(
    competitionId: string,
    truth: string,
    metric = 'rmse',
    revealGroundTruth = false,
    secondaryMetrics = '',
  ) {
    const body = await groundTruth(competitionId, truth, metric, '50', revealGroundTruth, secondaryMetrics);
    if (body?.code !== 0) throw new Error(`ground truth refused: ${JSON.stringify(body)}`);
  }

  async function participant(competitionId: string, roles: 'operator'[] = []) {
    const person = await account(roles);
    await platform.stores.get('competition')!.append(
      C.ParticipantSignedUp.aggregate,
      `registration-${competitionId}-${person.accountId}`,
      'no_stream',
      [
        {
          type: C.ParticipantSignedUp.type,
          data: { competitionId, accountId: person.accountId, acceptedAgreements: [] },
        },
      ],
      system(),
      // The competition service's row beside its event, as a sign-up writes it (decision 0028).
      {
        alongside: [
          sql`insert into competition.registrations (competition_id, account_id, signed_up_at)
            values (${competitionId}, ${person.accountId}, now())`,
        ],
      },
    );
    await waitFor(
      () =>
        sql`select 1 from scoring.registrations where account_id = ${person.accountId} and competition_id = ${competitionId}`.execute(
          db,
        ),
      (r) => r.rows.length > 0,
      'sign-up mirror',
    );
    return person;
  }

  /** Puts `member` into a team owned by `owner` (team events, as the team service writes them). */
  async function team(competitionId: string, owner: string, member: string, name = 'Catalysts') {
    const teamId = randomUUID();
    const base = { teamId, competitionId };
    await platform.stores.get('team')!.append(
      T.TeamCreated.aggregate,
      `team-${teamId}`,
      'no_stream',
      [
        { type: T.TeamCreated.type, data: { ...base, ownerId: owner, name } },
        {
          type: T.JoinAccepted.type,
          data: {
            ...base,
            applicationId: randomUUID(),
            accountId: member,
            ownerId: owner,
            teamName: name,
            decidedBy: owner,
          },
        },
      ],
      system(),
    );
    await waitFor(
      () => sql`select 1 from scoring.memberships where team_id = ${teamId}`.execute(db),
      (r) => r.rows.length === 2,
      'membership mirror',
    );
    return teamId;
  }

  /** Posts a result file; answers the raw response, refusals included. */
  function post(web: Web, competitionId: string, content: string | Buffer, name = 'result.csv') {
    const { payload, contentType } = multipart(
      { competitionId },
      { file: { name, type: 'text/csv', bytes: Buffer.from(content) } },
    );
    return web.raw({
      method: 'POST',
      url: '/api/submission/upload',
      payload,
      headers: { 'content-type': contentType },
    });
  }

  async function upload(web: Web, competitionId: string, content: string | Buffer, name = 'result.csv') {
    const response = await post(web, competitionId, content, name);
    if (response.body?.code !== 0) throw new Error(`upload refused: ${JSON.stringify(response.body)}`);
    return response.body.data.submissionId as string;
  }

  /** Uploads and waits until the submission is finished; returns its row of "my submissions". */
  async function submit(web: Web, competitionId: string, content: string | Buffer, name?: string) {
    return finished(web, competitionId, await upload(web, competitionId, content, name));
  }

  /** Waits until the submission is finished; returns its row of "my submissions". */
  async function finished(web: Web, competitionId: string, submissionId: string) {
    const row = await waitFor(
      async () =>
        (await web.get('/api/submission/mine', { competitionId })).body.data.find(
          (s: { submissionId: string }) => s.submissionId === submissionId,
        ),
      (s) => s && !['Waiting', 'Evaluating'].includes(s.status),
      'the submission to finish',
    );
    return { submissionId, ...row } as {
      submissionId: string;
      status: string;
      score: number | null;
      log: string | null;
      refusal: { key: string; params: Record<string, string | number> } | null;
      logText: string | null;
    };
  }

  const anonymous = client(platform.app);
  /** The public board once `done` holds for it. */
  const board = (
    competitionId: string,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    done: (data: any) => boolean,
    path = '/api/leaderboard/public',
    web: Web = anonymous,
  ) => waitFor(async () => (await web.get(path, { competitionId })).body.data, done, `${path} to settle`);

  return {
    ...harness,
    db,
    operator,
    account,
    competition,
    groundTruth,
    publicIds,
    uploadTruth,
    participant,
    team,
    post,
    upload,
    submit,
    finished,
    board,
    anonymous,
    closePhase,
    openPhase,
  };
}

/** Every projection of the four services, as the harness's platform runs them (for the read-model checks). */
export function projectionsOf(h: Awaited<ReturnType<typeof scoringHarness>>): Projection[] {
  const context = (name: string) => ({
    db: h.db,
    store: h.platform.stores.get(name)!,
    logger: undefined as never,
    config: { dataDir: '', env: {} },
    appended: () => {},
    auth: { principal: async () => null },
    metrics: h.platform.metrics,
  });
  return [identityService, competitionService, teamService, scoringService].flatMap(
    (service) => service.projections?.(context(service.name)) ?? [],
  );
}
