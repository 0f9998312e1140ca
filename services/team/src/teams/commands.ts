import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type EventMetadata, team } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { type EventStore, type StreamDecider, dataOf, handleCommand } from '@sais/kit/eventstore';
import { teamDb } from '../db/tables.ts';
import {
  type TeamCommand,
  type TeamEvent,
  type TeamState,
  decideTeam,
  evolveTeam,
  initialTeam,
} from '../domain/team.ts';
import { teamErrors } from '../errors.ts';
import { writeClaims } from './claims.ts';
import { checkMergeAllowance } from './merge-rule.ts';

export const teamStream = (teamId: string) => `team-${teamId}`;

/** The SHA-256 of an invitation code, as stored (decision 0035). */
export const invitationCodeHash = (code: string) => createHash('sha256').update(code.trim()).digest('hex');

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

/** Facts about other teams and streams, checked in the command's transaction before or after its own rules. */
type Check = (state: TeamState, rules: CompetitionRules, trx: Db) => Promise<void>;

/** Team commands: decide on the team stream, append with the version seen, write claims, all in one transaction. */
export class Teams {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly appended: () => void,
  ) {}

  /**
   * The kit's command handler on the team stream: the competition's rules are read in the same transaction
   * (a lost race is decided again on the new state, so the loser gets the real reason, e.g. team full),
   * and the cross-team claims of the new events are written alongside them.
   */
  async #run(
    teamId: string,
    competitionId: string | null,
    command: TeamCommand,
    metadata: EventMetadata,
    check?: Check,
  ) {
    let rules: CompetitionRules | undefined;
    const decider: StreamDecider<TeamCommand, TeamState, TeamEvent> = {
      streamType: team.TeamCreated.aggregate,
      initialState: initialTeam,
      evolve: evolveTeam,
      async decide(command, state, trx) {
        const forCompetition = state.status === 'none' ? competitionId : state.competitionId;
        if (!forCompetition) throw teamErrors.teamNotFound();
        rules = await rulesOf(trx, forCompetition);
        await check?.(state, rules, trx);
        return decideTeam(command, state, { ...rules, now: new Date() });
      },
    };
    const { events } = await handleCommand(this.store, decider, teamStream(teamId), command, metadata, {
      alongside: (trx, appended) => writeClaims(trx, appended, rules!.teamFormingAttempts),
    });
    if (events.length > 0) this.appended();
    return events;
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
      { type: 'CreateTeam', teamId, competitionId, ownerId, name },
      metadata,
      (_state, rules, trx) => this.#checkFree(trx, rules, ownerId),
    );
    return teamId;
  }

  async apply(teamId: string, accountId: string, metadata: EventMetadata): Promise<string> {
    const applicationId = randomUUID();
    const command = { type: 'RequestJoin', applicationId, accountId } as const;
    await this.#run(teamId, null, command, metadata, async (state, rules, trx) => {
      // The team's own rules come first (deadline, full), then the applicant's standing in the competition.
      decideTeam(command, state, { ...rules, now: new Date() });
      await this.#checkFree(trx, rules, accountId);
    });
    return applicationId;
  }

  async applyLeave(teamId: string, accountId: string, metadata: EventMetadata): Promise<string> {
    const applicationId = randomUUID();
    await this.#run(teamId, null, { type: 'RequestLeave', applicationId, accountId }, metadata);
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
    await this.#run(teamId, null, { type: 'CancelApplication', applicationId, by }, metadata);
  }

  async handleApplication(applicationId: string, by: string, agree: boolean, metadata: EventMetadata) {
    const teamId = await this.#teamOfApplication(applicationId);
    const command = { type: 'DecideApplication', applicationId, by, agree } as const;
    await this.#run(teamId, null, command, metadata, async (state, rules, trx) => {
      const now = new Date();
      // The team's own rules first (owner, full), then the submissions the join would bring together.
      const accepted = decideTeam(command, state, { ...rules, now }).find(
        (e) => e.type === team.JoinAccepted.type,
      );
      if (accepted && state.status === 'active')
        await checkMergeAllowance(trx, state, accepted.data.accountId, now);
    });
  }

  /**
   * Owner: a new invitation code (144 random bits, base64url), valid `hours` from now for `maxUses` joins
   * (the team's free seats when not given). Only its hash goes into the event; the code is answered once.
   */
  async createInvitation(
    teamId: string,
    by: string,
    options: { hours: number; maxUses?: number },
    metadata: EventMetadata,
  ) {
    const code = randomBytes(18).toString('base64url');
    const invitationId = randomUUID();
    const expiresAt = new Date(Date.now() + options.hours * 3_600_000).toISOString();
    const command = {
      type: 'CreateInvitation',
      by,
      invitationId,
      codeHash: invitationCodeHash(code),
      expiresAt,
      maxUses: options.maxUses,
    } as const;
    const [created] = await this.#run(teamId, null, command, metadata);
    const { maxUses } = dataOf(team.InvitationCreated, created!);
    return { invitationId, code, expiresAt, maxUses, createdAt: created!.occurredAt };
  }

  async revokeInvitation(teamId: string, invitationId: string, by: string, metadata: EventMetadata) {
    await this.#run(teamId, null, { type: 'RevokeInvitation', by, invitationId }, metadata);
  }

  /** The team an invitation code names, or 30060 for a code nobody made. */
  async invitationOf(code: string): Promise<{ invitationId: string; teamId: string }> {
    const row = await teamDb(this.db)
      .selectFrom('invitation_codes')
      .select(['invitation_id', 'team_id'])
      .where('code_hash', '=', invitationCodeHash(code))
      .executeTakeFirst();
    if (!row) throw teamErrors.invitationNotFound();
    return { invitationId: row.invitation_id, teamId: row.team_id };
  }

  /**
   * Join with an invitation's code: the invitation's own rules (open, not used up), the team's (deadline,
   * room), the joiner's standing (signed up, so verified; no team, no open application, an attempt left)
   * and the merge rule, as when the owner accepts an application (decision 0035).
   */
  async joinByInvitation(code: string, accountId: string, metadata: EventMetadata) {
    const { invitationId, teamId } = await this.invitationOf(code);
    const command = { type: 'JoinByInvitation', invitationId, accountId, joinId: randomUUID() } as const;
    await this.#run(teamId, null, command, metadata, async (state, rules, trx) => {
      const now = new Date();
      decideTeam(command, state, { ...rules, now });
      await this.#checkFree(trx, rules, accountId);
      if (state.status === 'active') await checkMergeAllowance(trx, state, accountId, now);
    });
    return { teamId };
  }

  /** An operator dissolves a team with a reason (no owner check, past the team-change deadline too). */
  async dissolve(teamId: string, reason: string, metadata: EventMetadata) {
    const by = metadata.actor.userId ?? '';
    await this.#run(teamId, null, { type: 'DissolveTeam', by, reason }, metadata);
  }

  /** Rename, disband, remove a member, transfer ownership: owner commands on one team. */
  async ownerCommand(teamId: string, command: TeamCommand, metadata: EventMetadata) {
    await this.#run(teamId, null, command, metadata);
  }
}
