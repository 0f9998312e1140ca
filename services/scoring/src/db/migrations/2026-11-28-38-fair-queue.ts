import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Decision 0038: the fair queue of container runs, shared by every runner process. One row (locked by
    // each choice, so two runners never choose at once): the virtual time and the count of runs served.
    await sql`
      create table scoring.run_queue (
        id integer primary key check (id = 1),
        vtime float8 not null default 0,
        tick bigint not null default 0
      )`.execute(db);
    await sql`insert into scoring.run_queue (id) values (1)`.execute(db);
    // Per competition: the operators' weight (1–100) and its virtual pass.
    await sql`
      create table scoring.run_queue_competitions (
        competition_id uuid primary key,
        weight integer not null default 1 check (weight between 1 and 100),
        pass float8 not null default 0
      )`.execute(db);
    // Per team of a competition: the tick at which it was last served (round robin within a competition).
    await sql`
      create table scoring.run_queue_teams (
        competition_id uuid not null,
        team_id text not null,
        served bigint not null,
        primary key (competition_id, team_id)
      )`.execute(db);
  },
};
