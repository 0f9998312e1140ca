/**
 * Simulated participants for the gateway's load tests: accounts, a competition with an open phase, a
 * history of scored submissions, and participants who sign in, upload and read boards while something
 * else runs, every request timed.
 */
import { randomUUID } from 'node:crypto';
import { competition as C, scoring as S, systemMetadata } from '@sais/events';
import { competitionEvents, competitionStream } from '@sais/events/fixtures';
import { Accounts } from '@sais/identity';
import type { Platform } from '@sais/kit/platform';
import { GroundTruths, SplitKeys } from '@sais/scoring';
import { sql } from 'kysely';
import { caller, eventually } from './support.ts';

const rows = 20;
export const resultCsv = (offset: number) =>
  'id,yield\n' + Array.from({ length: rows }, (_, i) => `r${i},${i * 5 + offset}`).join('\n') + '\n';

/** A competition whose preliminary phase is open now, with its ground truth (rmse, 50 % public). */
export async function openCompetition(platform: Platform): Promise<string> {
  const competitionId = randomUUID();
  await platform.stores.get('competition')!.append(
    C.CompetitionCreated.aggregate,
    competitionStream(competitionId),
    'no_stream',
    competitionEvents(competitionId, {
      title: { en: 'Load', 'zh-CN': '负载' },
      description: { en: 'd', 'zh-CN': 'd' },
      bonus: 1,
      teamFormingAttempts: 3,
      dailySubmissionLimit: 100,
    }),
    systemMetadata(),
  );
  const db = platform.database.db;
  await eventually(async () => {
    const found =
      await sql`select 1 from scoring.competitions where competition_id = ${competitionId}`.execute(db);
    return found.rows.length > 0 ? true : undefined;
  }, 'the competition mirror');
  await new GroundTruths(db, platform.stores.get('scoring')!, () => SplitKeys.load(platform.config)).upload(
    competitionId,
    'rmse',
    50,
    Buffer.from(resultCsv(0)),
    systemMetadata(),
  );
  return competitionId;
}

/**
 * `count` scored submissions of made-up teams, appended as the scoring service records them (received
 * and scored in each stream), so the audit tools have a history of `2 × count` events to work through.
 */
export async function scoredHistory(platform: Platform, competitionId: string, count: number) {
  const store = platform.stores.get('scoring')!;
  const teams = Array.from({ length: Math.ceil(count / 8) }, () => randomUUID());
  for (let start = 0; start < count; start += 250) {
    const appends = Array.from({ length: Math.min(250, count - start) }, (_, i) => {
      const submissionId = randomUUID();
      const n = start + i;
      return {
        streamType: S.SubmissionReceived.aggregate,
        streamId: `submission-${submissionId}`,
        expected: 'no_stream' as const,
        metadata: systemMetadata(),
        events: [
          {
            type: S.SubmissionReceived.type,
            data: {
              submissionId,
              competitionId,
              phase: 'preliminary',
              teamId: teams[n % teams.length]!,
              submitterId: randomUUID(),
              fileName: 'result.csv',
              size: 200,
              sha256: '0'.repeat(64),
              quotaDay: '2027-04-01',
            },
          },
          {
            type: S.SubmissionScored.type,
            data: {
              submissionId,
              metric: 'rmse',
              publicScore: 1 + (n % 997) / 100,
              privateScore: 1 + (n % 991) / 100,
              rows,
              groundTruthSha256: '0'.repeat(64),
            },
          },
        ],
      };
    });
    await store.appendMany(appends);
  }
}

/** Participants (accounts signed up for the competition), each with their own API caller. */
export async function participants(platform: Platform, origin: string, competitionId: string, count: number) {
  const db = platform.database.db;
  const accounts = new Accounts(db, platform.stores.get('identity')!, undefined as never, undefined as never);
  const people = [];
  for (let i = 0; i < count; i++) {
    const username = `p${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const accountId = await accounts.createStaff(
      { username, email: `${username}@example.org`, password: 'Secret1234', roles: [] },
      systemMetadata(),
    );
    await platform.stores
      .get('competition')!
      .append(
        C.ParticipantSignedUp.aggregate,
        `registration-${competitionId}-${accountId}`,
        'no_stream',
        [{ type: C.ParticipantSignedUp.type, data: { competitionId, accountId, acceptedAgreements: [] } }],
        systemMetadata(),
      );
    people.push({ username, accountId, api: caller(origin) });
  }
  await eventually(async () => {
    const found = await sql<{ n: number }>`select count(*)::int as n from scoring.registrations
      where competition_id = ${competitionId}`.execute(db);
    return found.rows[0]!.n === count ? true : undefined;
  }, 'the sign-up mirror');
  return people;
}

export interface Timing {
  what: string;
  ms: number;
  code: number;
}

/**
 * Uploads per participant and call of `participate`: the seven calls of the audit load test (warm-up,
 * participants alone, five tools) stay within the daily 100 (at 24 the sixth tool's run hit 40004).
 */
const uploadsPerRun = 12;

/**
 * Each participant signs in, uploads a result file (the first 24 rounds) and reads the public board and
 * their submissions, over and over until `until` resolves (at least one round each). Every request is timed.
 */
export async function participate(
  people: Awaited<ReturnType<typeof participants>>,
  competitionId: string,
  until: Promise<unknown>,
): Promise<Timing[]> {
  const timings: Timing[] = [];
  let stop = false;
  void until.finally(() => (stop = true));
  const timed = async (what: string, call: () => Promise<{ code: number }>) => {
    const started = performance.now();
    const answer = await call();
    timings.push({ what, ms: performance.now() - started, code: answer.code });
  };
  await Promise.all(
    people.map(async (person, index) => {
      let round = 0;
      do {
        await timed('sign in', () =>
          person.api('POST', '/user/login', { username: person.username, password: 'Secret1234' }),
        );
        if (round < uploadsPerRun) {
          const form = new FormData();
          form.append('competitionId', competitionId);
          form.append('file', new Blob([resultCsv((index + round) % 7)], { type: 'text/csv' }), 'result.csv');
          await timed('upload', () => person.api('POST', '/submission/upload', form));
        }
        await timed('board', () => person.api('GET', `/leaderboard/public?competitionId=${competitionId}`));
        await timed('mine', () => person.api('GET', `/submission/mine?competitionId=${competitionId}`));
        round += 1;
      } while (!stop);
    }),
  );
  return timings;
}

/** p50, p99 and the slowest of a set of timings (ms, rounded). */
export function summary(timings: readonly Timing[]) {
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  const slowest = timings.reduce((a, b) => (b.ms > a.ms ? b : a), timings[0]!);
  const maxOf: Record<string, number> = {};
  for (const t of timings) maxOf[t.what] = Math.max(maxOf[t.what] ?? 0, Math.round(t.ms));
  return {
    requests: timings.length,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(slowest.ms),
    slowest: slowest.what,
    maxOf,
  };
}
