import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Own state, written with its events.
    await sql`alter table scoring.submissions add column disqualified_reason text`.execute(db);
    await sql`
      create table scoring.final_selections (
        competition_id uuid not null,
        phase text not null,
        team_id text not null,
        submission_ids uuid[] not null,
        selected_by uuid not null,
        selected_at timestamptz not null,
        primary key (competition_id, phase, team_id)
      )`.execute(db);
    await sql`
      create table scoring.team_disqualifications (
        competition_id uuid not null,
        team_id text not null,
        reason text not null,
        disqualified_at timestamptz not null,
        primary key (competition_id, team_id)
      )`.execute(db);
    await sql`create index submissions_competition on scoring.submissions (competition_id, created_at desc)`.execute(
      db,
    );
    // Read models of the leaderboard projection: every scored submission keeps its scores, so a team's
    // rows can be recomputed from them (a rescore may lower a best score; a disqualification removes it).
    await sql`alter table scoring.board_submissions
      add column metric text, add column public_score double precision,
      add column private_score double precision, add column disqualified_reason text`.execute(db);
    // Leaderboard rows name one-person teams by account id (text): find their people by it.
    await sql`create index people_account_text on scoring.people ((account_id::text))`.execute(db);
    await sql`create index board_submissions_team on scoring.board_submissions (competition_id, phase, team_id)`.execute(
      db,
    );
    // Boards built before this migration: take the scores the write side already holds.
    await sql`update scoring.board_submissions b set public_score = s.public_score, private_score = s.private_score,
        metric = g.metric
      from scoring.submissions s join scoring.ground_truths g on g.competition_id = s.competition_id
      where s.submission_id = b.submission_id and s.status = 'Completed'`.execute(db);
    await sql`
      create table scoring.board_teams (
        competition_id uuid not null,
        team_id text not null,
        disqualified_reason text,
        primary key (competition_id, team_id)
      )`.execute(db);
    await sql`
      create table scoring.board_final_selections (
        competition_id uuid not null,
        phase text not null,
        team_id text not null,
        submission_ids uuid[] not null,
        primary key (competition_id, phase, team_id)
      )`.execute(db);
    await sql`
      create table scoring.private_leaderboard (
        competition_id uuid not null,
        phase text not null,
        team_id text not null,
        metric text not null,
        best_score double precision not null,
        submission_id uuid not null,
        submitted_at timestamptz not null,
        primary key (competition_id, phase, team_id)
      )`.execute(db);
    await sql`
      create table scoring.board_publications (
        competition_id uuid not null,
        phase text not null,
        published_at timestamptz not null,
        primary key (competition_id, phase)
      )`.execute(db);
    // A change counter per competition, bumped whenever one of its boards changes: live updates
    // (server-sent events) and the in-process page cache poll it.
    await sql`
      create table scoring.board_versions (
        competition_id uuid primary key,
        version bigint not null,
        changed_at timestamptz not null
      )`.execute(db);
  },
};
