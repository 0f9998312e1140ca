import { AppError, type Authenticator, type Db } from '@sais/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { scoringCodes } from '../errors.ts';
import type { Signals } from './signals.ts';

const ownTeam = () => new AppError(scoringCodes.ownTeamDecision, 'ownTeamDecision', 403);

/** Whether `accountId` is in the team (a single-person team is named by its member's account id). */
async function isMember(db: Db, competitionId: string, teamId: string, accountId: string) {
  if (teamId === accountId) return true;
  const row = await sql<{ n: number }>`select count(*)::int as n from scoring.memberships
    where competition_id = ${competitionId} and team_id = ${teamId} and account_id = ${accountId}`.execute(
    db,
  );
  return row.rows[0]!.n > 0;
}

async function refuseOwnSubmission(db: Db, submissionId: string, accountId: string) {
  const row = await sql<{ competition_id: string; team_id: string; submitter_id: string }>`
    select competition_id, team_id, submitter_id from scoring.submissions
    where submission_id = ${submissionId}`.execute(db);
  const found = row.rows[0];
  if (!found) return;
  if (
    found.submitter_id === accountId ||
    (await isMember(db, found.competition_id, found.team_id, accountId))
  )
    throw ownTeam();
}

async function refuseOwnTeam(db: Db, competitionId: string, teamId: string, accountId: string) {
  if (await isMember(db, competitionId, teamId, accountId)) throw ownTeam();
}

type Check = (db: Db, request: FastifyRequest, accountId: string, signals: Signals) => Promise<void>;
const body = (request: FastifyRequest) => request.body as { competitionId: string; teamId: string };

/** The operators' decisions about a team, and whose team each concerns. */
const checks: Record<string, Check> = {
  '/api/admin/submissions/:id/disqualify': (db, request, accountId) =>
    refuseOwnSubmission(db, (request.params as { id: string }).id, accountId),
  '/api/admin/leaderboard/disqualifyTeam': (db, request, accountId) =>
    refuseOwnTeam(db, body(request).competitionId, body(request).teamId, accountId),
  '/api/admin/signals/:id/disqualify': async (db, request, accountId, signals) => {
    const signal = await signals.one((request.params as { id: string }).id).catch(() => null);
    if (signal) await refuseOwnTeam(db, signal.competitionId, body(request).teamId, accountId);
  },
};

/**
 * Separation of duties (issue 19): nobody disqualifies their own team or its submissions, whatever
 * their role; another operator must decide. Runs before those routes' handlers, for signed-in callers.
 */
export function guardOwnTeam(app: FastifyInstance, db: Db, auth: Authenticator, signals: Signals) {
  app.addHook('preHandler', async (request) => {
    const check = request.method === 'POST' ? checks[request.routeOptions.url ?? ''] : undefined;
    if (!check) return;
    const principal = await auth.principal(request);
    if (principal?.roles.some((role) => role === 'operator' || role === 'admin'))
      await check(db, request, principal.accountId, signals);
  });
}
