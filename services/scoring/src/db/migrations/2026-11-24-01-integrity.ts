import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Seals of private leaderboards (own state, written with PrivateLeaderboardSealed): the latest per phase.
    await sql`
      create table scoring.board_seals (
        competition_id uuid not null,
        phase text not null,
        metric text not null,
        rows integer not null,
        digest text not null,
        algorithm text not null,
        form text not null,
        sealed_by uuid not null,
        sealed_at timestamptz not null,
        primary key (competition_id, phase)
      )`.execute(db);
    // Collusion signals: identical files are found by content hash; near-identical predictions by
    // comparing each Completed submission once with the earlier ones of other teams (signal_pairs).
    await sql`create index submissions_sha256 on scoring.submissions (competition_id, sha256)`.execute(db);
    await sql`create table scoring.signal_scans (submission_id uuid primary key, scanned_at timestamptz not null)`.execute(
      db,
    );
    await sql`
      create table scoring.signal_pairs (
        submission_a uuid not null,
        submission_b uuid not null,
        competition_id uuid not null,
        phase text not null,
        team_a text not null,
        team_b text not null,
        correlation double precision not null,
        rows integer not null,
        detected_at timestamptz not null,
        primary key (submission_a, submission_b)
      )`.execute(db);
    await sql`create index signal_pairs_teams on scoring.signal_pairs (competition_id, phase, team_a, team_b)`.execute(
      db,
    );
    await sql`
      create table scoring.signal_decisions (
        signal_id text primary key,
        kind text not null,
        competition_id uuid not null,
        decision text not null,
        team_id text,
        reason text not null,
        decided_by uuid not null,
        decided_at timestamptz not null
      )`.execute(db);
  },
};
