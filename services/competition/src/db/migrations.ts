import type { Migration } from 'kysely';
import { migration as m2026_11_22_01_competitions } from './migrations/2026-11-22-01-competitions.ts';
import { migration as m2026_11_26_01_download_days } from './migrations/2026-11-26-01-download-days.ts';
import { migration as m2026_11_26_02_content } from './migrations/2026-11-26-02-content.ts';
import { migration as m2026_11_28_30_competition_slugs } from './migrations/2026-11-28-30-competition-slugs.ts';
import { migration as m2026_11_28_40_competition_teams } from './migrations/2026-11-28-40-competition-teams.ts';
import { migration as m2026_11_28_50_hidden_datasets } from './migrations/2026-11-28-50-hidden-datasets.ts';

/**
 * Competition's tables beside its event store (schema `competition`): one file per migration in
 * `migrations/`, named by its date and order (Kysely runs them in name order, each once).
 */
export const competitionMigrations: Record<string, Migration> = {
  '2026-11-22-01-competitions': m2026_11_22_01_competitions,
  '2026-11-26-01-download-days': m2026_11_26_01_download_days,
  '2026-11-26-02-content': m2026_11_26_02_content,
  '2026-11-28-30-competition-slugs': m2026_11_28_30_competition_slugs,
  '2026-11-28-40-competition-teams': m2026_11_28_40_competition_teams,
  '2026-11-28-50-hidden-datasets': m2026_11_28_50_hidden_datasets,
};
