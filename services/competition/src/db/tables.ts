import type { Generated, Kysely } from 'kysely';
import type { Content, Phase, PhaseName, Settings } from '../domain/competition.ts';

export interface CompetitionsTable {
  competition_id: string;
  settings: Settings;
  /** Unique short name (decision 0036): from the settings, or given by the migration to older ones. */
  slug: string;
  phases: Partial<Record<PhaseName, Phase>>;
  content: Generated<Content>;
  type: string;
  season: string;
  created_at: Generated<Date>;
  version: number;
}
export interface FilesTable {
  file_id: string;
  competition_id: string;
  kind: 'document' | 'dataset';
  name: string;
  size: number;
  content_type: string;
  sha256: string;
  removed: Generated<boolean>;
  /** Hidden from participants (decision 0032); datasets only. */
  hidden: Generated<boolean>;
  added_at: Generated<Date>;
}
export interface RegistrationsTable {
  competition_id: string;
  account_id: string;
  signed_up_at: Date;
}
export interface CompetitionTeamsTable {
  team_id: string;
  competition_id: string;
  created_at: Date;
}
export interface VerifiedUsersTable {
  account_id: string;
  verified_at: Date;
}
/**
 * Competition's state tables: written by its commands in the same transaction as their events (the rows a
 * decision needs or keeps beside its stream). Not rebuilt from events.
 */
export interface CompetitionState {
  competitions: CompetitionsTable;
  files: FilesTable;
  registrations: RegistrationsTable;
}

/**
 * Competition's read models and mirrors: written only by its projections (each lists them in `tables`),
 * rebuilt from the events by replay and checked by `npm run events:verify -- --read-models`.
 */
export interface CompetitionReadModels {
  verified_users: VerifiedUsersTable;
  competition_teams: CompetitionTeamsTable;
}

export interface CompetitionTables extends CompetitionState, CompetitionReadModels {}
export type CompetitionDb = Kysely<CompetitionTables>;
