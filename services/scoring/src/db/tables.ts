import type { Generated, Kysely } from 'kysely';
import type { competition, scoring } from '@sais/events';

/**
 * Scoring's state tables: written by its commands in the same transaction as their events (the rows a
 * decision needs or keeps beside its stream). Not rebuilt from events.
 */
/** A submission's secondary scores as the read model keeps them (decision 0046). */
export type SubmissionScores = { metric: string; public: number; private: number }[];
/** A board row's secondary scores, the ranking's steps after the primary score (decision 0046). */
export type RowScores = { metric: string; score: number }[];

export interface ScoringState {
  ground_truths: {
    competition_id: string;
    metric: string;
    public_percent: number;
    sha256: string;
    content: Buffer;
    /** The parsed form (evaluation/truth-form.ts) of `content`; null when not stored. */
    parsed: Buffer | null;
    uploaded_at: Generated<Date>;
    /** The header's target column (`id,<target>`); null for a file stored before decision 0020. */
    target: Generated<string | null>;
    /** Which file rows are public (evaluation/split.ts: bit r of byte r >> 3); null before decision 0024. */
    public_mask: Buffer | null;
    /** The split's key, sealed with the platform's split key (iv ‖ tag ‖ ciphertext). */
    split_key: Buffer | null;
    /** SHA-256 of the split's key, hex: the commitment in GroundTruthUploaded. */
    split_key_sha256: string | null;
    /** The scorer's version the ground truth was set for (evaluation/split.ts, SCORER_VERSION). */
    scorer_version: string | null;
    /** The organiser's choice to publish the file with the split key after the last phase (decision 0031). */
    reveal_ground_truth: Generated<boolean>;
    /** The secondary metrics (decision 0046), in order; null: none. */
    secondary_metrics: Generated<string[] | null>;
  };
  submissions: {
    submission_id: string;
    competition_id: string;
    phase: string;
    team_id: string;
    submitter_id: string;
    file_name: string;
    size: number;
    sha256: string;
    quota_day: string;
    status: 'Waiting' | 'Evaluating' | 'Completed' | 'Invalid' | 'Failed' | 'Cancelled';
    public_score: number | null;
    private_score: number | null;
    /** A container run's output, or an older row's English log (shown as is). */
    log: string | null;
    /** Why the scorer refused the file (or could not score it): a key with parameters (issue 21). */
    refusal: Generated<scoring.FileRefusal | null>;
    created_at: Date;
    updated_at: Date;
    disqualified_reason: Generated<string | null>;
    /** When a worker last took it and when it reached Completed/Invalid/Failed (decision 0020). */
    started_at: Generated<Date | null>;
    finished_at: Generated<Date | null>;
    /** The submitter's message (issue 22), trimmed, at most 500 characters; null when none. */
    description: Generated<string | null>;
    /** A smoke run (decision 0049): no allowance, no score, never on a board. */
    smoke: Generated<boolean>;
    /** What the run's last choice added to its competition's pass (decision 0038); null: never chosen. */
    charge: Generated<number | null>;
    /** The seconds it was charged for (an estimate), its declared limit, when, and at which tick. */
    charge_seconds: Generated<number | null>;
    declared_seconds: Generated<number | null>;
    charged_at: Generated<Date | null>;
    charge_tick: Generated<number | null>;
    /** The tick of the choice that settled the charge (null: not yet), what it gave back, the time it used. */
    settled_tick: Generated<number | null>;
    refund: Generated<number | null>;
    used_seconds: Generated<number | null>;
  };
  quota_ledger: {
    entry_id: Generated<number>;
    competition_id: string;
    team_id: string;
    quota_day: string;
    submission_id: string;
    delta: number;
    reason: string;
  };
  final_selections: {
    competition_id: string;
    phase: string;
    team_id: string;
    submission_ids: string[];
    selected_by: string;
    selected_at: Date;
  };
  team_disqualifications: { competition_id: string; team_id: string; reason: string; disqualified_at: Date };
  /** Unfinished tus uploads (submissions/http/tus.ts): capped per account in number and declared size. */
  resumable_uploads: { upload_id: string; account_id: string; size: number; created_at: Date };
  container_runs: {
    submission_id: string;
    competition_id: string;
    team_id: string;
    image: string;
    config_path: string;
    credentials: Buffer | null;
    run_state: 'pulling' | 'running' | 'collecting' | null;
    attempt: Generated<number>;
    worker: string | null;
    lease_until: Date | null;
    created_at: Date;
    /** An attempt had hidden datasets mounted (decision 0032): the team gets neither its log nor its result file. */
    hidden_data: Generated<boolean>;
    /** A smoke run (decision 0049): only the smoke split is mounted. */
    smoke: Generated<boolean>;
    /** What the run's last choice added to its competition's pass (decision 0038); null: never chosen. */
    charge: Generated<number | null>;
    /** The seconds it was charged for (an estimate), its declared limit, when, and at which tick. */
    charge_seconds: Generated<number | null>;
    declared_seconds: Generated<number | null>;
    charged_at: Generated<Date | null>;
    charge_tick: Generated<number | null>;
    /** The tick of the choice that settled the charge (null: not yet), what it gave back, the time it used. */
    settled_tick: Generated<number | null>;
    refund: Generated<number | null>;
    used_seconds: Generated<number | null>;
  };
  /** The competition's smoke split and daily cap of smoke runs per team (decision 0049; scoring.SmokeSplitSet). */
  smoke_splits: { competition_id: string; file_id: string | null; per_day: number };
  /** The fair queue of container runs (decision 0038): one row. */
  run_queue: { id: number; vtime: number; tick: number };
  run_queue_competitions: {
    competition_id: string;
    weight: Generated<number>;
    pass: Generated<number>;
    active: Generated<boolean>;
  };
  run_queue_teams: { competition_id: string; team_id: string; served: number };
}

/**
 * Scoring's read models and mirrors: written only by its projections (each lists them in `tables`),
 * rebuilt from the events by replay and checked by `npm run events:verify -- --read-models`.
 */
export interface ScoringReadModels {
  competitions: {
    competition_id: string;
    settings: {
      dailySubmissionLimit: number;
      timeZone: string;
      title: { en: string; 'zh-CN': string };
      /** Absent on competitions mirrored before the setting existed: result files only. */
      submissionKinds?: ('result-file' | 'container-image')[];
      /** Registries an operator allows although private or local (containers/registry-policy.ts). */
      allowedRegistries?: string[];
    };
    phases: Record<
      string,
      {
        startsAt: string;
        endsAt: string;
        override: 'open' | 'closed' | null;
        openedAt?: string;
        /** The operator's limits of the phase's container runs (decision 0044); absent: the runners' defaults. */
        runLimits?: competition.PhaseRunLimits;
      }
    >;
  };
  registrations: { competition_id: string; account_id: string };
  people: { account_id: string; username: string; organization: string | null; deleted: Generated<boolean> };
  memberships: { competition_id: string; account_id: string; team_id: string; team_name: string };
  board_submissions: {
    submission_id: string;
    competition_id: string;
    phase: string;
    team_id: string;
    submitted_at: Date;
    metric: Generated<string | null>;
    public_score: Generated<number | null>;
    private_score: Generated<number | null>;
    disqualified_reason: Generated<string | null>;
    /** Secondary scores (decision 0046), in the ground truth's order; null: none. */
    scores: Generated<SubmissionScores | null>;
  };
  leaderboard: {
    competition_id: string;
    phase: string;
    team_id: string;
    metric: string;
    best_score: number;
    submission_id: string;
    submitted_at: Date;
    /** The row's secondary scores for this board (decision 0046); null: none. */
    scores?: RowScores | null;
  };
  board_teams: { competition_id: string; team_id: string; disqualified_reason: string | null };
  board_final_selections: {
    competition_id: string;
    phase: string;
    team_id: string;
    submission_ids: string[];
  };
  private_leaderboard: ScoringTables['leaderboard'];
  board_publications: { competition_id: string; phase: string; published_at: Date };
  board_versions: { competition_id: string; version: number; changed_at: Date };
  /** A phase's public board options (decision 0045): the Ladder's step, blind. */
  board_options: {
    competition_id: string;
    phase: string;
    ladder_step: number | null;
    blind: boolean;
    /** An organiser-chosen order's steps (issue 37); null: the usual order. */
    order_steps: string[] | null;
  };
  /** A phase's baselines (decision 0050): never ranked, placed by score on the pages. */
  board_baselines: {
    baseline_id: string;
    competition_id: string;
    phase: string;
    name: string;
    description: string;
    metric: string;
    public_score: number;
    private_score: number;
    file_sha256: string;
    ground_truth_sha256: string;
    added_by: string;
    added_at: Date;
    /** Secondary scores (decision 0046), as `board_submissions.scores`; null: none. */
    scores: Generated<SubmissionScores | null>;
  };
  /** A phase's write-ups opened (decision 0047): the prize places and the deadline. */
  writeup_phases: {
    competition_id: string;
    phase: string;
    places: number;
    deadline: Date;
    seal_digest: string;
  };
  /** A team's write-up of a phase, the latest submitted (decision 0047); `hidden_reason` once hidden. */
  writeups: {
    competition_id: string;
    phase: string;
    team_id: string;
    writeup_id: string;
    rank: number;
    seal_digest: string;
    title: string;
    body: string;
    body_sha256: string;
    files: unknown;
    submitted_by: string;
    submitted_at: Date;
    event_id: string;
    hidden_reason: string | null;
  };
  /** `hidden`: an operator hid it from participants (decision 0032); runs still mount it. */
  competition_datasets: { competition_id: string; file_id: string; name: string; hidden: Generated<boolean> };
}

export interface ScoringTables extends ScoringState, ScoringReadModels {}

export type ScoringDb = Kysely<ScoringTables>;
