import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // A scanned file's errors at the competition's fingerprint ids (integrity/signals.ts), so later
    // comparisons read these instead of the file; null for files scanned before.
    await sql`alter table scoring.signal_scans add column truth_sha256 text, add column errors bytea`.execute(
      db,
    );
  },
};
