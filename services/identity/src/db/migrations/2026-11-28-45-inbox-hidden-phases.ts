import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Kept by the inbox projection (decision 0045): each submission's competition and phase, and the
    // phases whose public scores a notice must not carry (blind, or the Ladder on).
    await sql`alter table identity.inbox_submissions add column competition_id uuid, add column phase text`.execute(
      db,
    );
    await sql`
      create table identity.inbox_hidden_phases (
        competition_id uuid not null,
        phase text not null,
        hidden text not null check (hidden in ('blind', 'ladder')),
        primary key (competition_id, phase)
      )`.execute(db);
  },
};
