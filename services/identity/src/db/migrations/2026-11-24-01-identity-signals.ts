import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Many accounts signing in from one address: sessions keep the address they started from.
    await sql`create index sessions_ip on identity.sessions (ip, created_at) where ip is not null`.execute(
      db,
    );
    // Operators' decisions on identity signals (written with IdentitySignalDecided).
    await sql`
      create table identity.signal_decisions (
        signal_id text primary key,
        kind text not null,
        decision text not null,
        account_ids uuid[] not null,
        reason text not null,
        decided_by uuid not null,
        decided_at timestamptz not null
      )`.execute(db);
  },
};
