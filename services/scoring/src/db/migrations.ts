// Over 300 lines: every scoring migration since the start, in one record (issue 20 item 5: one dated file per migration).
import { type Migration, sql } from 'kysely';

/** Scoring's tables beside its event store (schema `scoring`). */
export const scoringMigrations: Record<string, Migration> = {
  '2026-11-22-01-submissions': {
    async up(db) {
      // Mirrors kept by projections from other services' events.
      await sql`create table scoring.competitions (competition_id uuid primary key, settings jsonb not null, phases jsonb not null default '{}')`.execute(
        db,
      );
      await sql`create table scoring.registrations (competition_id uuid not null, account_id uuid not null, primary key (competition_id, account_id))`.execute(
        db,
      );
      await sql`create table scoring.people (account_id uuid primary key, username text not null, organization text)`.execute(
        db,
      );
      // Own state, written with its events.
      await sql`
        create table scoring.ground_truths (
          competition_id uuid primary key,
          metric text not null,
          public_percent integer not null,
          sha256 text not null,
          content bytea not null,
          uploaded_at timestamptz not null default now()
        )`.execute(db);
      await sql`
        create table scoring.submissions (
          submission_id uuid primary key,
          competition_id uuid not null,
          phase text not null,
          team_id text not null,
          submitter_id uuid not null,
          file_name text not null,
          size integer not null,
          sha256 text not null,
          quota_day text not null,
          status text not null,
          public_score double precision,
          private_score double precision,
          log text,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index submissions_team on scoring.submissions (competition_id, team_id, created_at desc)`.execute(
        db,
      );
      // The quota ledger: +1 per submission, -1 per refund; a day's use is the sum.
      await sql`
        create table scoring.quota_ledger (
          entry_id bigint generated always as identity primary key,
          competition_id uuid not null,
          team_id text not null,
          quota_day text not null,
          submission_id uuid not null,
          delta integer not null,
          reason text not null,
          unique (submission_id, reason)
        )`.execute(db);
      await sql`create index quota_ledger_day on scoring.quota_ledger (competition_id, team_id, quota_day)`.execute(
        db,
      );
      // Read models kept by the leaderboard projection.
      await sql`
        create table scoring.board_submissions (
          submission_id uuid primary key,
          competition_id uuid not null,
          phase text not null,
          team_id text not null,
          submitted_at timestamptz not null
        )`.execute(db);
      await sql`
        create table scoring.leaderboard (
          competition_id uuid not null,
          phase text not null,
          team_id text not null,
          metric text not null,
          best_score double precision not null,
          submission_id uuid not null,
          submitted_at timestamptz not null,
          primary key (competition_id, phase, team_id)
        )`.execute(db);
    },
  },
};

scoringMigrations['2026-11-22-02-submission-files'] = {
  async up(db) {
    // The participant's file as uploaded, kept for re-scoring and for "download my file".
    await sql`create table scoring.submission_files (submission_id uuid primary key, content bytea not null)`.execute(
      db,
    );
  },
};

scoringMigrations['2026-11-22-03-memberships'] = {
  async up(db) {
    // Team membership per competition, mirrored from the team service's events.
    await sql`
      create table scoring.memberships (
        competition_id uuid not null,
        account_id uuid not null,
        team_id text not null,
        team_name text not null,
        primary key (competition_id, account_id)
      )`.execute(db);
    await sql`create index memberships_team on scoring.memberships (team_id)`.execute(db);
  },
};

scoringMigrations['2026-11-22-04-final-selection-boards'] = {
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

scoringMigrations['2026-11-24-01-integrity'] = {
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

scoringMigrations['2026-11-24-07-container-runs'] = {
  async up(db) {
    // One row per container-image submission: what to run, the sealed registry credentials (AES-256-GCM,
    // nulled after the pull), the runner's lease and the participant-visible run state.
    await sql`
      create table scoring.container_runs (
        submission_id uuid primary key,
        competition_id uuid not null,
        team_id text not null,
        image text not null,
        config_path text not null,
        credentials bytea,
        run_state text,
        attempt integer not null default 0,
        worker text,
        lease_until timestamptz,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index container_runs_team on scoring.container_runs (competition_id, team_id)`.execute(
      db,
    );
    // The competition's datasets (mirrored from competition.FileAdded / FileRemoved), mounted at /saisdata.
    await sql`
      create table scoring.competition_datasets (
        competition_id uuid not null,
        file_id uuid not null,
        name text not null,
        primary key (competition_id, file_id)
      )`.execute(db);
  },
};

scoringMigrations['2026-11-25-08-signal-fingerprints'] = {
  async up(db) {
    // A scanned file's errors at the competition's fingerprint ids (integrity/signals.ts), so later
    // comparisons read these instead of the file; null for files scanned before.
    await sql`alter table scoring.signal_scans add column truth_sha256 text, add column errors bytea`.execute(
      db,
    );
  },
};

scoringMigrations['2026-11-26-09-resumable-uploads'] = {
  async up(db) {
    // Unfinished tus uploads per account, so their number and declared size can be capped (issue 18).
    await sql`
      create table scoring.resumable_uploads (
        upload_id text primary key,
        account_id uuid not null,
        size bigint not null,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index resumable_uploads_account on scoring.resumable_uploads (account_id, created_at)`.execute(
      db,
    );
  },
};

scoringMigrations['2026-11-26-91-unfinished-submissions'] = {
  async up(db) {
    // The scoring sweep (workers/sweeper.ts) looks for Waiting and Evaluating rows every second: few rows.
    await sql`create index submissions_unfinished on scoring.submissions (updated_at)
      where status in ('Waiting', 'Evaluating')`.execute(db);
  },
};

scoringMigrations['2026-11-26-92-ground-truth-parsed'] = {
  async up(db) {
    // The ground truth's parsed form (evaluation/truth-form.ts, decision 0015), stored at upload so a
    // worker maps typed arrays instead of parsing the CSV; null for ground truths uploaded before.
    await sql`alter table scoring.ground_truths add column parsed bytea`.execute(db);
  },
};

scoringMigrations['2026-11-26-93-people-deleted'] = {
  async up(db) {
    // A person whose personal data was deleted (identity.AccountDeleted): boards show a deleted user.
    await sql`alter table scoring.people add column deleted boolean not null default false`.execute(db);
  },
};

scoringMigrations['2026-11-27-41-fair-submissions'] = {
  async up(db) {
    // Decision 0020. The ground truth's target column, so an upload's header is checked while it
    // streams (set at upload; filled here from the stored files' first lines).
    await sql`alter table scoring.ground_truths add column target text`.execute(db);
    const rows = await sql<{ competition_id: string; head: Buffer }>`
      select competition_id, substring(content from 1 for 65536) as head from scoring.ground_truths`.execute(
      db,
    );
    for (const row of rows.rows) {
      const target = targetOfHeader(row.head);
      if (target !== null)
        await sql`update scoring.ground_truths set target = ${target}
          where competition_id = ${row.competition_id}`.execute(db);
    }
    // When a worker took a submission and when it finished: the queue's estimates (recent durations).
    await sql`alter table scoring.submissions add column started_at timestamptz, add column finished_at timestamptz`.execute(
      db,
    );
    await sql`create index submissions_finished on scoring.submissions (competition_id, finished_at desc)
      where finished_at is not null`.execute(db);
    // The queue: a competition's waiting submissions in order (few rows, partial index).
    await sql`create index submissions_waiting on scoring.submissions (competition_id, created_at)
      where status in ('Waiting', 'Evaluating')`.execute(db);
  },
};

scoringMigrations['2026-11-27-61-refusal-keys'] = {
  async up(db) {
    // Issue 21: why the scorer refused a file, as a key of the shared catalogue with its parameters
    // (@sais/events fileRefusalTexts), rendered in the reader's language. `log` keeps a container run's
    // own output and older rows' English text (shown as is).
    await sql`alter table scoring.submissions add column refusal jsonb`.execute(db);
  },
};

scoringMigrations['2026-11-27-81-submission-description'] = {
  async up(db) {
    // Issue 22: the submitter's optional message with a submission (`sais submit -m`, the upload panel).
    await sql`alter table scoring.submissions add column description text`.execute(db);
  },
};

/** The second field of a CSV's first line (after a BOM), unquoted; null when there is none. */
function targetOfHeader(head: Uint8Array): string | null {
  let text = new TextDecoder().decode(head);
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const line = text.split('\n', 1)[0]!.replace(/\r$/, '');
  const fields = line.split(',').map((field) => field.trim().replace(/^"(.*)"$/, '$1'));
  return fields.length >= 2 && fields[1] ? fields[1] : null;
}
