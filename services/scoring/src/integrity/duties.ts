import type { Db } from '@sais/kit/db';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { RouteGuard } from '../http/admin/routes.ts';
import type { Signals } from './signals.ts';
import { scoringErrors } from '../errors.ts';

const ownTeam = () => scoringErrors.ownTeamDecision();

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

const body = (request: FastifyRequest) => request.body as { competitionId: string; teamId: string };
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/**
 * Separation of duties (issue 19): nobody disqualifies their own team or its submissions, whatever
 * their role; another operator must decide. Each is the `preHandler` of the operators' route it guards
 * (http/admin/routes.ts, boards/http/disqualify-routes.ts, integrity/http/routes.ts).
 */
export function ownTeamGuards(db: Db, signals: Signals) {
  return {
    ownSubmission: (request, { accountId }) => refuseOwnSubmission(db, idOf(request), accountId),
    ownTeam: (request, { accountId }) =>
      refuseOwnTeam(db, body(request).competitionId, body(request).teamId, accountId),
    ownSignalTeam: async (request, { accountId }) => {
      const signal = await signals.one(idOf(request)).catch(() => null);
      if (signal) await refuseOwnTeam(db, signal.competitionId, body(request).teamId, accountId);
    },
  } satisfies Record<string, RouteGuard>;
}
