import type { Migration } from 'kysely';
import { migration as m2026_11_22_01_accounts_sessions_codes } from './migrations/2026-11-22-01-accounts-sessions-codes.ts';
import { migration as m2026_11_22_02_verifications_inbox } from './migrations/2026-11-22-02-verifications-inbox.ts';
import { migration as m2026_11_22_03_inbox_submissions } from './migrations/2026-11-22-03-inbox-submissions.ts';
import { migration as m2026_11_24_01_identity_signals } from './migrations/2026-11-24-01-identity-signals.ts';
import { migration as m2026_11_26_93_account_closures } from './migrations/2026-11-26-93-account-closures.ts';
import { migration as m2026_11_26_94_inbox_erased } from './migrations/2026-11-26-94-inbox-erased.ts';
import { migration as m2026_11_27_31_access_tokens } from './migrations/2026-11-27-31-access-tokens.ts';
import { migration as m2026_11_27_71_email_notices } from './migrations/2026-11-27-71-email-notices.ts';
import { migration as m2026_11_28_45_inbox_hidden_phases } from './migrations/2026-11-28-45-inbox-hidden-phases.ts';
import { migration as m2026_11_28_50_inbox_hidden_data } from './migrations/2026-11-28-50-inbox-hidden-data.ts';
import { migration as m2026_11_28_52_inbox_smoke } from './migrations/2026-11-28-52-inbox-smoke.ts';
import { migration as m2026_11_27_95_inbox_read_at } from './migrations/2026-11-27-95-inbox-read-at.ts';

/**
 * Identity's own tables beside its event store (schema `identity`): secrets and lookups that never
 * travel in events. One file per migration in `migrations/`, named by its date and order (Kysely runs
 * them in name order, each once).
 */
export const identityMigrations: Record<string, Migration> = {
  '2026-11-22-01-accounts-sessions-codes': m2026_11_22_01_accounts_sessions_codes,
  '2026-11-22-02-verifications-inbox': m2026_11_22_02_verifications_inbox,
  '2026-11-22-03-inbox-submissions': m2026_11_22_03_inbox_submissions,
  '2026-11-24-01-identity-signals': m2026_11_24_01_identity_signals,
  '2026-11-26-93-account-closures': m2026_11_26_93_account_closures,
  '2026-11-26-94-inbox-erased': m2026_11_26_94_inbox_erased,
  '2026-11-27-31-access-tokens': m2026_11_27_31_access_tokens,
  '2026-11-27-71-email-notices': m2026_11_27_71_email_notices,
  '2026-11-27-95-inbox-read-at': m2026_11_27_95_inbox_read_at,
  '2026-11-28-45-inbox-hidden-phases': m2026_11_28_45_inbox_hidden_phases,
  '2026-11-28-50-inbox-hidden-data': m2026_11_28_50_inbox_hidden_data,
  '2026-11-28-52-inbox-smoke': m2026_11_28_52_inbox_smoke,
};
