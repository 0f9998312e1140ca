import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Smoke runs (decision 0049): the competition's smoke split and cap (scoring.SmokeSplitSet, written with its
    // event as the run queue's weights are), and the mark on a smoke run's submission and container run.
    await sql`create table scoring.smoke_splits (
      competition_id uuid primary key,
      file_id uuid,
      per_day integer not null
    )`.execute(db);
    await sql`alter table scoring.submissions add column smoke boolean not null default false`.execute(db);
    await sql`alter table scoring.container_runs add column smoke boolean not null default false`.execute(db);
  },
};
