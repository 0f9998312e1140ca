import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Decision 0038: a run's choice charges its competition an estimate of its seconds (`charge` for
    // `charge_seconds`, within its `declared_seconds`, at the queue's `charge_tick`); the next choice once the
    // run is no longer running corrects it to the time it used (`used_seconds`, from `charged_at` to the
    // submission's finished_at, both on the database's clock; null: Waiting again, all given back): `refund`
    // (negative: charged more), stamped with `settled_tick` (the tick of the choice it came before). Kept
    // after settling: every choice can be replayed from the rows, and the estimates read `used_seconds`.
    await sql`alter table scoring.container_runs add column charge float8`.execute(db);
    await sql`alter table scoring.container_runs add column charge_seconds float8`.execute(db);
    await sql`alter table scoring.container_runs add column declared_seconds float8`.execute(db);
    await sql`alter table scoring.container_runs add column charged_at timestamptz`.execute(db);
    await sql`alter table scoring.container_runs add column charge_tick bigint`.execute(db);
    await sql`alter table scoring.container_runs add column settled_tick bigint`.execute(db);
    await sql`alter table scoring.container_runs add column refund float8`.execute(db);
    await sql`alter table scoring.container_runs add column used_seconds float8`.execute(db);
    await sql`create index container_runs_used on scoring.container_runs (competition_id, settled_tick)
      where used_seconds is not null`.execute(db);
    // The competitions that had runs waiting at the last choice: only the others are lifted to the virtual
    // time when runs wait again, so a competition that kept waiting keeps its refunds.
    await sql`alter table scoring.run_queue_competitions add column active boolean not null default false`.execute(
      db,
    );
    await sql`create index container_runs_unsettled on scoring.container_runs (submission_id)
      where charge is not null and settled_tick is null`.execute(db);
  },
};
