import type { Migration } from 'kysely';
import { migration as m2026_11_22_01_submissions } from './migrations/2026-11-22-01-submissions.ts';
import { migration as m2026_11_22_02_submission_files } from './migrations/2026-11-22-02-submission-files.ts';
import { migration as m2026_11_22_03_memberships } from './migrations/2026-11-22-03-memberships.ts';
import { migration as m2026_11_22_04_final_selection_boards } from './migrations/2026-11-22-04-final-selection-boards.ts';
import { migration as m2026_11_24_01_integrity } from './migrations/2026-11-24-01-integrity.ts';
import { migration as m2026_11_24_07_container_runs } from './migrations/2026-11-24-07-container-runs.ts';
import { migration as m2026_11_25_08_signal_fingerprints } from './migrations/2026-11-25-08-signal-fingerprints.ts';
import { migration as m2026_11_26_09_resumable_uploads } from './migrations/2026-11-26-09-resumable-uploads.ts';
import { migration as m2026_11_26_91_unfinished_submissions } from './migrations/2026-11-26-91-unfinished-submissions.ts';
import { migration as m2026_11_26_92_ground_truth_parsed } from './migrations/2026-11-26-92-ground-truth-parsed.ts';
import { migration as m2026_11_26_93_people_deleted } from './migrations/2026-11-26-93-people-deleted.ts';
import { migration as m2026_11_27_41_fair_submissions } from './migrations/2026-11-27-41-fair-submissions.ts';
import { migration as m2026_11_27_61_refusal_keys } from './migrations/2026-11-27-61-refusal-keys.ts';
import { migration as m2026_11_27_81_submission_description } from './migrations/2026-11-27-81-submission-description.ts';
import { migration as m2026_11_27_91_keyed_split } from './migrations/2026-11-27-91-keyed-split.ts';
import { migration as m2026_11_27_95_ground_truth_reveal } from './migrations/2026-11-27-95-ground-truth-reveal.ts';
import { migration as m2026_11_28_38_fair_queue } from './migrations/2026-11-28-38-fair-queue.ts';
import { migration as m2026_11_28_45_board_options } from './migrations/2026-11-28-45-board-options.ts';
import { migration as m2026_11_28_51_smoke_runs } from './migrations/2026-11-28-51-smoke-runs.ts';
import { migration as m2026_11_28_50_hidden_datasets } from './migrations/2026-11-28-50-hidden-datasets.ts';
import { migration as m2026_11_28_70_baselines } from './migrations/2026-11-28-70-baselines.ts';
import { migration as m2026_11_28_80_writeups } from './migrations/2026-11-28-80-writeups.ts';
import { migration as m2026_11_28_99_several_metrics } from './migrations/2026-11-28-99-several-metrics.ts';
import { migration as m2026_11_29_10_baseline_scores } from './migrations/2026-11-29-10-baseline-scores.ts';
import { migration as m2026_11_29_20_run_seconds } from './migrations/2026-11-29-20-run-seconds.ts';
import { migration as m2026_11_29_30_board_order } from './migrations/2026-11-29-30-board-order.ts';

/**
 * Scoring's tables beside its event store (schema `scoring`): one file per migration in
 * `migrations/`, named by its date and order (Kysely runs them in name order, each once).
 */
export const scoringMigrations: Record<string, Migration> = {
  '2026-11-22-01-submissions': m2026_11_22_01_submissions,
  '2026-11-22-02-submission-files': m2026_11_22_02_submission_files,
  '2026-11-22-03-memberships': m2026_11_22_03_memberships,
  '2026-11-22-04-final-selection-boards': m2026_11_22_04_final_selection_boards,
  '2026-11-24-01-integrity': m2026_11_24_01_integrity,
  '2026-11-24-07-container-runs': m2026_11_24_07_container_runs,
  '2026-11-25-08-signal-fingerprints': m2026_11_25_08_signal_fingerprints,
  '2026-11-26-09-resumable-uploads': m2026_11_26_09_resumable_uploads,
  '2026-11-26-91-unfinished-submissions': m2026_11_26_91_unfinished_submissions,
  '2026-11-26-92-ground-truth-parsed': m2026_11_26_92_ground_truth_parsed,
  '2026-11-26-93-people-deleted': m2026_11_26_93_people_deleted,
  '2026-11-27-41-fair-submissions': m2026_11_27_41_fair_submissions,
  '2026-11-27-61-refusal-keys': m2026_11_27_61_refusal_keys,
  '2026-11-27-81-submission-description': m2026_11_27_81_submission_description,
  '2026-11-27-91-keyed-split': m2026_11_27_91_keyed_split,
  '2026-11-27-95-ground-truth-reveal': m2026_11_27_95_ground_truth_reveal,
  '2026-11-28-38-fair-queue': m2026_11_28_38_fair_queue,
  '2026-11-28-45-board-options': m2026_11_28_45_board_options,
  '2026-11-28-50-hidden-datasets': m2026_11_28_50_hidden_datasets,
  '2026-11-28-51-smoke-runs': m2026_11_28_51_smoke_runs,
  '2026-11-28-70-baselines': m2026_11_28_70_baselines,
  '2026-11-28-80-writeups': m2026_11_28_80_writeups,
  '2026-11-28-99-several-metrics': m2026_11_28_99_several_metrics,
  '2026-11-29-10-baseline-scores': m2026_11_29_10_baseline_scores,
  '2026-11-29-20-run-seconds': m2026_11_29_20_run_seconds,
  '2026-11-29-30-board-order': m2026_11_29_30_board_order,
};
