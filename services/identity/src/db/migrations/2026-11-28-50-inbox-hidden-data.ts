import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Kept by the inbox projection (decision 0032): the submission's container run had hidden datasets
    // mounted (ContainerRunProgressed.hiddenData), so its notices carry no value the verdict quoted.
    await sql`alter table identity.inbox_submissions add column hidden_data boolean not null default false`.execute(
      db,
    );
  },
};
