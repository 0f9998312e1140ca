import { randomUUID } from 'node:crypto';
import { competition as C, systemMetadata } from '@sais/events';
import {
  competitionEvents,
  competitionStream,
  registrationStream,
  signedUpEvent,
} from '@sais/events/fixtures';
import type { ServiceDefinition } from '@sais/kit/platform';
import { busEnv, platformForTest } from '@sais/kit/testing';
import { competitionService } from '@sais/competition';
import { identityService } from '@sais/identity';
import { sql } from 'kysely';
import { teamService } from '../src/index.ts';
import { type Client, client, startMailbox } from './client.ts';

export { client, type Client } from './client.ts';

const system = systemMetadata;

/**
 * Identity, competition and team with a real mailbox: on a fresh PostgreSQL database with real Kafka between
 * them, or on the embedded default (PGlite, the in-process bus), as the run's mode says (`SAIS_TEST_MODE`).
 */
export async function teamHarness(prefix: string, extraServices: ServiceDefinition[] = []) {
  const mailbox = await startMailbox();
  const services = [identityService, competitionService, teamService, ...extraServices];
  const harness = await platformForTest(services, prefix, {
    env: { ...busEnv(prefix), SMTP_URL: mailbox.url },
  });
  const { app, stores, database } = harness.platform;
  const db = database.db;
  let seq = 0;

  /** Polls until `probe` returns something truthy: projections are fed through the bus. */
  async function eventually<T>(
    probe: () => Promise<T>,
    what: string,
    timeoutMs = 30_000,
  ): Promise<NonNullable<T>> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const countIn = async (query: ReturnType<typeof sql>) =>
    Number(((await query.execute(db)).rows[0] as { n: number }).n);

  /** Registers through the identity service with a mailed code, signs in, and waits for the team mirror. */
  async function user(language = 'en') {
    seq += 1;
    const web = client(app, language);
    const username = `${prefix.slice(0, 4)}${seq}x${100_000 + (Date.now() % 900_000)}`;
    const email = `${username}@example.org`;
    await web.post('/api/code/sendEmailCode', { email, mode: 1 });
    const code = mailbox.mails
      .filter((m) => m.to === email)
      .at(-1)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    const registered = await web.post('/api/user/register', {
      username,
      password: 'secret123',
      contactType: 1,
      email,
      code,
      agree: true,
    });
    if (registered.body.code !== 0) throw new Error(`register failed: ${registered.body.message}`);
    await web.post('/api/user/login', { username, password: 'secret123' });
    const userId = registered.body.data.userId as string;
    await eventually(
      () =>
        countIn(
          sql`select count(*)::int as n from team.accounts where account_id = ${userId} and username <> ''`,
        ),
      `account ${username}`,
    );
    return { web, userId, username, email };
  }

  /** Creates a competition by its event (the competition service's calls are built elsewhere) and waits for the mirror. */
  async function competition(
    settings: {
      teamSizeLimit?: number;
      teamFormingAttempts?: number;
      teamMergeDeadline?: string | null;
    } = {},
  ) {
    const competitionId = randomUUID();
    await stores
      .get('competition')!
      .append(
        C.CompetitionCreated.aggregate,
        competitionStream(competitionId),
        'no_stream',
        competitionEvents(competitionId, settings, null),
        system(),
      );
    await eventually(
      () =>
        countIn(
          sql`select count(*)::int as n from team.competitions where competition_id = ${competitionId}`,
        ),
      'competition mirror',
    );
    return competitionId;
  }

  async function updateCompetition(
    competitionId: string,
    changes: { teamMergeDeadline?: string | null; teamSizeLimit?: number },
  ) {
    const stream = `competition-${competitionId}`;
    const version = (await stores.get('competition')!.readStream(stream)).length;
    await stores
      .get('competition')!
      .append(
        'competition.competition',
        stream,
        version,
        [{ type: C.CompetitionUpdated.type, data: { competitionId, changes } }],
        system(),
      );
    await eventually(async () => {
      const row = (
        await sql<{
          d: Date | null;
          l: number;
        }>`select team_merge_deadline as d, team_size_limit as l from team.competitions where competition_id = ${competitionId}`.execute(
          db,
        )
      ).rows[0];
      const deadlineOk =
        changes.teamMergeDeadline === undefined ||
        (row?.d?.toISOString() ?? null) === changes.teamMergeDeadline;
      return deadlineOk && (changes.teamSizeLimit === undefined || row?.l === changes.teamSizeLimit);
    }, 'competition update');
  }

  async function signUp(competitionId: string, accountId: string) {
    await stores
      .get('competition')!
      .append(
        C.ParticipantSignedUp.aggregate,
        registrationStream(competitionId, accountId),
        'no_stream',
        [signedUpEvent(competitionId, accountId)],
        system(),
      );
    await eventually(
      () =>
        countIn(
          sql`select count(*)::int as n from team.signups where competition_id = ${competitionId} and account_id = ${accountId}`,
        ),
      'sign-up mirror',
    );
  }

  /** A competition with `count` signed-up users. */
  async function signedUpUsers(competitionId: string, count: number) {
    const users = await Promise.all(Array.from({ length: count }, () => user()));
    for (const u of users) await signUp(competitionId, u.userId);
    return users;
  }

  /** Waits for an inbox message with this title and returns it. */
  async function message(web: Client, title: string) {
    return eventually(async () => {
      const page = await web.get('/api/notify/page', { page: '1', pageSize: '50' });
      return (page.body.data.records as { title: string; sender: string; notifyId: string }[]).find(
        (r) => r.title === title,
      );
    }, `inbox message "${title}"`);
  }

  return {
    app,
    db,
    stores,
    user,
    competition,
    updateCompetition,
    signUp,
    signedUpUsers,
    message,
    eventually,
    async close() {
      await harness.close();
      await mailbox.close();
    },
  };
}
export type TeamHarness = Awaited<ReturnType<typeof teamHarness>>;
