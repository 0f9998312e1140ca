import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // The keyed public/private split (evaluation/split.ts, decision 0024), set with the ground truth:
    // which file rows are public (a bitmap), the split's key sealed with the platform's key (opened only
    // to reveal it at final publication), and its digest, the commitment the event carries. Null for a
    // ground truth set before: it cannot be scored until an operator sets it again.
    await sql`
      alter table scoring.ground_truths
        add column public_mask bytea,
        add column split_key bytea,
        add column split_key_sha256 text,
        add column scorer_version text
    `.execute(db);
  },
};
