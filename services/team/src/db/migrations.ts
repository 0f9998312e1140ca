import type { Migration } from 'kysely';
import { migration as m2026_11_23_01_mirrors_and_claims } from './migrations/2026-11-23-01-mirrors-and-claims.ts';
import { migration as m2026_11_23_02_submission_quota_mirror } from './migrations/2026-11-23-02-submission-quota-mirror.ts';
import { migration as m2026_11_26_93_accounts_deleted } from './migrations/2026-11-26-93-accounts-deleted.ts';
import { migration as m2026_11_28_30_invitations_and_names } from './migrations/2026-11-28-30-invitations-and-names.ts';

/**
 * Team's own tables beside its event store (schema `team`): mirrors of other services' facts, kept by
 * projections, and the claims that keep limits across teams, written with the team events. One file per
 * migration in `migrations/`, named by its date and order (Kysely runs them in name order, each once).
 */
export const teamMigrations: Record<string, Migration> = {
  '2026-11-23-01-mirrors-and-claims': m2026_11_23_01_mirrors_and_claims,
  '2026-11-23-02-submission-quota-mirror': m2026_11_23_02_submission_quota_mirror,
  '2026-11-26-93-accounts-deleted': m2026_11_26_93_accounts_deleted,
  '2026-11-28-30-invitations-and-names': m2026_11_28_30_invitations_and_names,
};
