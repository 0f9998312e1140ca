import { randomUUID } from 'node:crypto';
import { type EventMetadata, team } from '@sais/events';
import { ConcurrencyError, type Db, type EventStore } from '@sais/kit';
import { teamDb } from '../db/tables.ts';
import { type TeamCommand, type TeamState, decideTeam, foldTeam } from '../domain/team.ts';
import { teamErrors } from '../errors.ts';
import { writeClaims } from './claims.ts';
import { checkMergeAllowance } from './merge-rule.ts';

export const teamStream = (teamId: string) => `team-${teamId}`;

/** A lost optimistic race is decided again on the new state, so the loser gets the real reason (e.g. team full). */
const maxTries = 5;

export interface CompetitionRules {
  competitionId: string;
  teamSizeLimit: number;
  teamFormingAttempts: number;
  teamMergeDeadline: Date | null;
}

export async function rulesOf(db: Db, competitionId: string): Promise<CompetitionRules> {
  const row = await teamDb(db)
    .selectFrom('competitions')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
  if (!row) throw teamErrors.competitionNotFound();
  return {
    competitionId,
    teamSizeLimit: row.team_size_limit,
    teamFormingAttempts: row.team_forming_attempts,
    teamMergeDeadline: row.team_merge_deadline ? new Date(row.team_merge_deadline) : null,
  };
}

type Build = (state: TeamState, rules: CompetitionRules, trx: Db) => Promise<TeamCommand>;

/** Team commands: decide on the team stream, append with the version seen, write claims, all in one transaction. */
export class Teams {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly appended: () => void,
  ) {}

  async #run(teamId: string, competitionId: string | null, build: Build, metadata: EventMetadata) {
    for (let attempt = 1; ; attempt++) {
      try {
        const stored = await this.db.transaction().execute(async (trx) => {
          const events = await this.store.readStream(teamStream(teamId), { trx });
          const state = foldTeam(events);
          const forCompetition = state.status === 'none' ? competitionId : state.competitionId;
          if (!forCompetition) throw teamErrors.teamNotFound();
          const rules = await rulesOf(trx, forCompetition);
          const produced = decideTeam(await build(state, rules, trx), state, { ...rules, now: new Date() });
          const appended = await this.store.append(
            team.TeamCreated.aggregate,
            teamStream(teamId),
            events.length || 'no_stream',
            produced,
            metadata,
            { trx },
          );
          await writeClaims(trx, appended, rules.teamFormingAttempts);
          return appended;
        });
        if (stored.length > 0) this.appended();
        return stored;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= maxTries) throw error;
      }
    }
  }

  async #requireFree(trx: Db, competitionId: string, accountId: string) {
    const t = teamDb(trx);
    const [signup, seat, pending, attempts] = await Promise.all([
      t
        .selectFrom('signups')
        .select('account_id')
        .where('competition_id', '=', competitionId)
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
      t
        .selectFrom('seats')
        .select('team_id')
        .where('competition_id', '=', competitionId)
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
      t
        .selectFrom('open_applications')
        .select('application_id')
        .where('competition_id', '=', competitionId)
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
      t
        .selectFrom('attempts')
        .select('used')
        .where('competition_id', '=', competitionId)
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
    ]);
    return {
      signedUp: Boolean(signup),
      seated: Boolean(seat),
      pending: Boolean(pending),
      used: attempts?.used ?? 0,
    };
  }

  /** Signed up, in no formed team, no open application, an attempt left: who may create or apply. */
  async #checkFree(trx: Db, rules: CompetitionRules, accountId: string) {
    const free = await this.#requireFree(trx, rules.competitionId, accountId);
    if (!free.signedUp) throw teamErrors.notSignedUp();
    if (free.seated) throw teamErrors.alreadyInTeam();
    if (free.pending) throw teamErrors.applicationPending();
    if (free.used >= rules.teamFormingAttempts) throw teamErrors.attemptsExhausted();
  }

  async create(
    competitionId: string,
    ownerId: string,
    name: string,
    metadata: EventMetadata,
  ): Promise<string> {
    const teamId = randomUUID();
    await this.#run(
      teamId,
      competitionId,
      async (_state, rules, trx) => {
        await this.#checkFree(trx, rules, ownerId);
        return { type: 'CreateTeam', teamId, competitionId, ownerId, name };
      },
      metadata,
    );
    return teamId;
  }

  async apply(teamId: string, accountId: string, metadata: EventMetadata): Promise<string> {
    const applicationId = randomUUID();
    await this.#run(
      teamId,
      null,
      async (state, rules, trx) => {
        // The team's own rules come first (deadline, full), then the applicant's standing in the competition.
        decideTeam({ type: 'RequestJoin', applicationId, accountId }, state, { ...rules, now: new Date() });
        await this.#checkFree(trx, rules, accountId);
        return { type: 'RequestJoin', applicationId, accountId };
      },
      metadata,
    );
    return applicationId;
  }

  async applyLeave(teamId: string, accountId: string, metadata: EventMetadata): Promise<string> {
    const applicationId = randomUUID();
    await this.#run(teamId, null, async () => ({ type: 'RequestLeave', applicationId, accountId }), metadata);
    return applicationId;
  }

  async #teamOfApplication(applicationId: string): Promise<string> {
    const row = await teamDb(this.db)
      .selectFrom('open_applications')
      .select('team_id')
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    if (!row) throw teamErrors.applicationNotFound();
    return row.team_id;
  }

  async cancelApplication(applicationId: string, by: string, metadata: EventMetadata) {
    const teamId = await this.#teamOfApplication(applicationId);
    await this.#run(teamId, null, async () => ({ type: 'CancelApplication', applicationId, by }), metadata);
  }

  async handleApplication(applicationId: string, by: string, agree: boolean, metadata: EventMetadata) {
    const teamId = await this.#teamOfApplication(applicationId);
    await this.#run(
      teamId,
      null,
      async (state, rules, trx) => {
        const command = { type: 'DecideApplication', applicationId, by, agree } as const;
        const now = new Date();
        // The team's own rules first (owner, full), then the submissions the join would bring together.
        const accepted = decideTeam(command, state, { ...rules, now }).find(
          (e) => e.type === team.JoinAccepted.type,
        );
        if (accepted && state.status === 'active')
          await checkMergeAllowance(trx, state, accepted.data.accountId, now);
        return command;
      },
      metadata,
    );
  }

  /** An operator dissolves a team with a reason (no owner check, past the team-change deadline too). */
  async dissolve(teamId: string, reason: string, metadata: EventMetadata) {
    const by = metadata.actor.userId ?? '';
    await this.#run(teamId, null, async () => ({ type: 'DissolveTeam', by, reason }), metadata);
  }

  /** Rename, disband, remove a member, transfer ownership: owner commands on one team. */
  async ownerCommand(teamId: string, command: TeamCommand, metadata: EventMetadata) {
    await this.#run(teamId, null, async () => command, metadata);
  }
}
