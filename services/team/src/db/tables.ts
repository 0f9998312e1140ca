import type { Kysely } from 'kysely';
import type { Db } from '@sais/kit/db';

export interface CompetitionsTable {
  competition_id: string;
  team_size_limit: number;
  team_forming_attempts: number;
  team_merge_deadline: Date | null;
}
export interface SignupsTable {
  competition_id: string;
  account_id: string;
  signed_up_at: Date;
}
export interface AccountsTable {
  account_id: string;
  username: string;
  email: string | null;
  nickname: string | null;
  organization: string | null;
  auth_status: string;
  deleted?: boolean;
}
export interface SeatsTable {
  competition_id: string;
  account_id: string;
  team_id: string;
}
export interface OpenApplicationsTable {
  application_id: string;
  competition_id: string;
  account_id: string;
  team_id: string;
  kind: 'join' | 'leave';
  requested_at: Date;
}
/** An invitation's code, by its SHA-256 (decision 0035): the code itself is kept nowhere. */
export interface InvitationCodesTable {
  code_hash: string;
  invitation_id: string;
  team_id: string;
}
/** Active teams' current names and owners, for the participants' search by name (decision 0035). */
export interface TeamNamesTable {
  team_id: string;
  competition_id: string;
  name: string;
  owner_id: string;
}
export interface AttemptsTable {
  competition_id: string;
  account_id: string;
  used: number;
}

/** What the merge rule needs of a competition's submissions (decision 0005). */
export interface SubmissionRulesTable {
  competition_id: string;
  daily_submission_limit: number;
  time_zone: string;
  /** Phase name → when it started accepting submissions (scheduled start, or when opened early). */
  phase_starts: Record<string, string>;
}
/** Submissions that count against a team's allowance (refunded ones removed). */
export interface CountedSubmissionsTable {
  submission_id: string;
  competition_id: string;
  team_id: string;
}

/**
 * Team's state tables: written by its commands in the same transaction as their events (the rows a
 * decision needs or keeps beside its stream). Not rebuilt from events.
 */
export interface TeamState {
  seats: SeatsTable;
  open_applications: OpenApplicationsTable;
  attempts: AttemptsTable;
  invitation_codes: InvitationCodesTable;
  team_names: TeamNamesTable;
}

/**
 * Team's read models and mirrors: written only by its projections (each lists them in `tables`),
 * rebuilt from the events by replay and checked by `npm run events:verify -- --read-models`.
 */
export interface TeamReadModels {
  competitions: CompetitionsTable;
  signups: SignupsTable;
  accounts: AccountsTable;
  submission_rules: SubmissionRulesTable;
  counted_submissions: CountedSubmissionsTable;
}

export interface TeamTables extends TeamState, TeamReadModels {}

export type TeamDb = Kysely<TeamTables>;

/** The team schema, typed. */
export const teamDb = (db: Db) => db.withSchema('team') as TeamDb;
