import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Hidden datasets (decision 0032): the mirror carries the operator's flag (competition.DatasetVisibilitySet);
    // a run had one mounted at /saisdata: its log and result file are withheld from the team.
    await sql`alter table scoring.competition_datasets add column hidden boolean not null default false`.execute(
      db,
    );
    await sql`alter table scoring.container_runs add column hidden_data boolean not null default false`.execute(
      db,
    );
  },
};
