import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // The organiser's choice, committed when the ground truth is set (GroundTruthUploaded
    // `revealGroundTruth`, decision 0031): the file itself is published with the split key once final
    // results are published for every phase, so a participant can recompute their own private score.
    await sql`
      alter table scoring.ground_truths add column reveal_ground_truth boolean not null default false
    `.execute(db);
  },
};
