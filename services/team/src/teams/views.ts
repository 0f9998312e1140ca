import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { type AccountsTable, teamDb } from '../db/tables.ts';
import { type TeamState, foldTeam, invitationStatus } from '../domain/team.ts';
import { teamErrors } from '../errors.ts';
import { team } from '@sais/events';
import { isEvent } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import { rulesOf, teamStream } from './commands.ts';

type Person = {
  userId: string;
  name: string;
  username: string;
  email: string | null;
  organization: string | null;
  authStatus: string;
  /** The person's data was deleted (decision 0017): names are blank, the portal shows a deleted user. */
  deleted: boolean;
};

function personOf(userId: string, row: AccountsTable | undefined): Person {
  if (row?.deleted)
    return {
      userId,
      name: '',
      username: '',
      email: null,
      organization: null,
      authStatus: row.auth_status,
      deleted: true,
    };
  // The mirror may lag a moment behind identity: show the id until the account arrives.
  const username = row?.username || userId;
  return {
    userId,
    name: row?.nickname || username,
    username,
    email: row?.email ?? null,
    organization: row?.organization ?? null,
    authStatus: row?.auth_status ?? 'Not Verified',
    deleted: false,
  };
}

/** Reads for the portal: my team (or my single-person team), one team, applications. */
export class TeamViews {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  /** People by account id from the accounts mirror (the id stands in until the account arrives). */
  people(ids: readonly string[]): Promise<Map<string, Person>> {
    return this.#people(ids);
  }

  async #people(ids: readonly string[]): Promise<Map<string, Person>> {
    const rows = ids.length
      ? await teamDb(this.db)
          .selectFrom('accounts')
          .selectAll()
          .where('account_id', 'in', [...new Set(ids)])
          .execute()
      : [];
    const byId = new Map(rows.map((row) => [row.account_id, row]));
    return new Map(ids.map((id) => [id, personOf(id, byId.get(id))]));
  }

  async #state(teamId: string): Promise<Exclude<TeamState, { status: 'none' }>> {
    const state = foldTeam(await this.store.readStream(teamStream(teamId)));
    if (state.status === 'none') throw teamErrors.teamNotFound();
    return state;
  }

  async #applications(teamId: string) {
    const rows = await teamDb(this.db)
      .selectFrom('open_applications')
      .selectAll()
      .where('team_id', '=', teamId)
      .orderBy('requested_at')
      .execute();
    const people = await this.#people(rows.map((row) => row.account_id));
    return rows.map((row) => ({
      applicationId: row.application_id,
      kind: row.kind,
      requestedAt: new Date(row.requested_at).toISOString(),
      ...people.get(row.account_id)!,
    }));
  }

  /** The team view of spec §3: name, ID, members with their status and the administrator flag, applications (owner only). */
  async teamView(teamId: string, viewerId: string) {
    const state = await this.#state(teamId);
    const people = await this.#people(state.members);
    return {
      teamId: state.teamId,
      competitionId: state.competitionId,
      name: state.name,
      solo: false,
      disbanded: state.status === 'disbanded',
      ownerId: state.ownerId,
      members: state.members.map((id) => ({ ...people.get(id)!, isAdmin: id === state.ownerId })),
      applications: viewerId === state.ownerId ? await this.#applications(teamId) : [],
    };
  }

  /** What the team page needs: my team, or me as a single-person team, and the attempts left. */
  async myTeam(competitionId: string, me: string) {
    const rules = await rulesOf(this.db, competitionId);
    const t = teamDb(this.db);
    const [signup, seat, attempts, pending] = await Promise.all([
      t
        .selectFrom('signups')
        .select('account_id')
        .where('competition_id', '=', competitionId)
        .where('account_id', '=', me)
        .executeTakeFirst(),
      t
        .selectFrom('seats')
        .select('team_id')
        .where('competition_id', '=', competitionId)
        .where('account_id', '=', me)
        .executeTakeFirst(),
      t
        .selectFrom('attempts')
        .select('used')
        .where('competition_id', '=', competitionId)
        .where('account_id', '=', me)
        .executeTakeFirst(),
      this.myApplication(competitionId, me),
    ]);
    const used = attempts?.used ?? 0;
    const seatTeam = seat?.team_id;
    const solo = async () => {
      const person = (await this.#people([me])).get(me)!;
      return {
        teamId: null,
        competitionId,
        name: person.name,
        solo: true,
        disbanded: false,
        ownerId: me,
        members: [{ ...person, isAdmin: true }],
        applications: [],
      };
    };
    return {
      competitionId,
      signedUp: Boolean(signup),
      teamSizeLimit: rules.teamSizeLimit,
      attemptsTotal: rules.teamFormingAttempts,
      attemptsLeft: Math.max(0, rules.teamFormingAttempts - used),
      teamMergeDeadline: rules.teamMergeDeadline?.toISOString() ?? null,
      changesOpen: !rules.teamMergeDeadline || new Date() <= rules.teamMergeDeadline,
      team: signup ? (seatTeam ? await this.teamView(seatTeam, me) : await solo()) : null,
      myApplication: pending,
    };
  }

  /** My open application in a competition (to join a team, or to leave mine), if any. */
  async myApplication(competitionId: string, me: string) {
    const row = await teamDb(this.db)
      .selectFrom('open_applications')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .where('account_id', '=', me)
      .executeTakeFirst();
    if (!row) return null;
    const state = await this.#state(row.team_id);
    return {
      applicationId: row.application_id,
      kind: row.kind,
      teamId: row.team_id,
      teamName: state.name,
      requestedAt: new Date(row.requested_at).toISOString(),
    };
  }

  /** Applications around me in a competition: those to my team (when I own it) and my own. */
  async applications(competitionId: string, me: string) {
    const seat = await teamDb(this.db)
      .selectFrom('seats')
      .select('team_id')
      .where('competition_id', '=', competitionId)
      .where('account_id', '=', me)
      .executeTakeFirst();
    const owned = seat ? await this.#state(seat.team_id) : null;
    return {
      incoming: owned && owned.ownerId === me ? await this.#applications(owned.teamId) : [],
      mine: await this.myApplication(competitionId, me),
    };
  }

  /** A team as an applicant sees it before asking to join. */
  async summary(teamId: string) {
    const state = await this.#state(teamId);
    const rules = await rulesOf(this.db, state.competitionId);
    const owner = (await this.#people([state.ownerId])).get(state.ownerId)!;
    return {
      teamId,
      competitionId: state.competitionId,
      name: state.name,
      ownerName: owner.name,
      memberCount: state.members.length,
      teamSizeLimit: rules.teamSizeLimit,
      disbanded: state.status === 'disbanded',
    };
  }

  /** The owner's invitations, newest first, with what became of each (decision 0035); never the codes. */
  async invitations(teamId: string, me: string) {
    const events = await this.store.readStream(teamStream(teamId));
    const state = foldTeam(events);
    if (state.status === 'none') throw teamErrors.teamNotFound();
    if (state.ownerId !== me) throw teamErrors.notOwner();
    const now = new Date();
    const createdAt = new Map(
      events.flatMap((event) =>
        isEvent(team.InvitationCreated, event) ? [[event.data.invitationId, event.occurredAt] as const] : [],
      ),
    );
    const records = state.invitations
      .map((invitation) => ({
        invitationId: invitation.invitationId,
        createdAt: new Date(createdAt.get(invitation.invitationId)!).toISOString(),
        expiresAt: invitation.expiresAt,
        maxUses: invitation.maxUses,
        uses: invitation.uses,
        status: state.status === 'active' ? invitationStatus(invitation, now) : ('revoked' as const),
      }))
      .reverse();
    return { open: records.filter((r) => r.status === 'open').length, records };
  }

  /** What an invitation opens, before joining: the team as its summary shows it, and the expiry. */
  async invitationPreview(invitation: { invitationId: string; teamId: string }) {
    const state = await this.#state(invitation.teamId);
    const found = state.invitations.find((i) => i.invitationId === invitation.invitationId);
    if (!found || state.status !== 'active') throw teamErrors.invitationNotFound();
    const status = invitationStatus(found, new Date());
    if (status === 'revoked') throw teamErrors.invitationRevoked();
    if (status === 'usedUp') throw teamErrors.invitationUsedUp();
    if (status === 'expired') throw teamErrors.invitationExpired();
    const summary = await this.summary(invitation.teamId);
    const { teamId, competitionId, name, ownerName, memberCount, teamSizeLimit } = summary;
    return { teamId, competitionId, name, ownerName, memberCount, teamSizeLimit, expiresAt: found.expiresAt };
  }

  /**
   * Active teams of a competition whose name contains `q` (case-insensitive), by name: what the team's
   * summary shows (name, owner's display name, size), nothing else (decision 0035).
   */
  async search(query: { competitionId: string; q: string; page: number; pageSize: number }) {
    const rules = await rulesOf(this.db, query.competitionId);
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = teamDb(this.db)
      .selectFrom('team_names')
      .where('competition_id', '=', query.competitionId)
      .where(sql<boolean>`lower(name) like ${pattern}`);
    const [{ total } = { total: 0 }] = await matches
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .execute();
    const rows = await matches
      .select(['team_id', 'name', 'owner_id'])
      .select((eb) =>
        eb
          .selectFrom('seats')
          .whereRef('seats.team_id', '=', 'team_names.team_id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('members'),
      )
      .orderBy(sql`lower(name)`)
      .orderBy('team_id')
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize)
      .execute();
    const people = await this.#people(rows.map((row) => row.owner_id));
    return {
      total: Number(total),
      page: query.page,
      pageSize: query.pageSize,
      records: rows.map((row) => {
        const memberCount = Number(row.members ?? 0);
        return {
          teamId: row.team_id,
          name: row.name,
          ownerName: people.get(row.owner_id)!.name,
          memberCount,
          teamSizeLimit: rules.teamSizeLimit,
          full: memberCount >= rules.teamSizeLimit,
        };
      }),
    };
  }
}
