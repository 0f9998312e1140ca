import { randomBytes } from 'node:crypto';
import { type Migration, sql } from 'kysely';
import { open, packSealed, seal, unpackSealed } from '../crypto.ts';
import type { Db } from '../db/database.ts';
import { migrateSchema } from '../db/migrate.ts';
import { loadKey } from '../keys/keys.ts';
import type { PlatformConfig } from '../config.ts';

/** The platform's key table: one data key per person, apart from the events (decision 0017). */
const keystoreMigrations: Record<string, Migration> = {
  '2026-11-25-01-data-keys': {
    async up(db) {
      // `wrapped` is the data key sealed with the master key (which lives in the keys folder, not here);
      // null once destroyed, the row staying as a tombstone: "this person's data was deleted".
      await sql`
        create table keystore.data_keys (
          subject uuid primary key,
          wrapped bytea,
          created_at timestamptz not null default now(),
          destroyed_at timestamptz
        )`.execute(db);
    },
  },
};

/** A data key: its bytes, or `null` when it was destroyed (the person's data is deleted). */
export type DataKey = Buffer | null;

const positiveCacheMs = 60_000;

/**
 * Per-person data keys (AES-256-GCM, 32 bytes), wrapped by the master key `personal_data_master`
 * (`loadKey`: the keys folder or `SAIS_PERSONAL_DATA_MASTER`). Every service of the platform reads the
 * same table, so a consumer can open a person's sealed values as long as the key exists. Keys read are
 * cached a minute per process; a destroyed key is forgotten at once in the process that destroys it.
 */
export class PersonalDataKeys {
  readonly #cache = new Map<string, { key: DataKey; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly master: Buffer,
  ) {}

  /** The key table migrated and the master key loaded. */
  static async open(db: Db, config: PlatformConfig): Promise<PersonalDataKeys> {
    // Every process of the platform migrates this schema (they take turns: `migrateSchema`).
    await migrateSchema(db, 'keystore', keystoreMigrations);
    return new PersonalDataKeys(db, await loadKey(config, 'personal_data_master'));
  }

  /**
   * The keys of `subjects` (account ids): a key, or `null` for a destroyed one; with `create`, a subject
   * without a key gets one (inside the caller's transaction `trx`, so it commits with the events it seals).
   * Without `create`, a subject that never had a key is absent from the answer. Only rows settled before
   * the current transaction began are cached: nothing a rollback could take back stays in the cache.
   */
  async keys(
    subjects: readonly string[],
    options: { trx?: Db; create?: boolean } = {},
  ): Promise<Map<string, DataKey>> {
    const found = new Map<string, DataKey>();
    const now = Date.now();
    const wanted: string[] = [];
    for (const subject of new Set(subjects)) {
      const hit = this.#cache.get(subject);
      if (hit && (hit.key === null || now - hit.at < positiveCacheMs)) found.set(subject, hit.key);
      else wanted.push(subject);
    }
    if (wanted.length === 0) return found;
    const db = options.trx ?? this.db;
    const rows = await sql<{ subject: string; wrapped: Buffer | null; settled: boolean }>`
      select subject::text as subject, wrapped, coalesce(destroyed_at, created_at) < now() as settled
      from keystore.data_keys where subject = any(${wanted}::uuid[])`.execute(db);
    for (const row of rows.rows) {
      const key = row.wrapped ? this.#unwrap(row.subject, Buffer.from(row.wrapped)) : null;
      found.set(row.subject, key);
      if (row.settled) this.#cache.set(row.subject, { key, at: now });
    }
    const missing = wanted.filter((subject) => !found.has(subject));
    if (options.create && missing.length > 0) {
      const fresh = missing.map((subject) => ({ subject, key: randomBytes(32) }));
      await sql`insert into keystore.data_keys (subject, wrapped)
        select * from unnest(${fresh.map((k) => k.subject)}::uuid[],
          ${fresh.map((k) => this.#wrap(k.subject, k.key))}::bytea[])
        on conflict (subject) do nothing`.execute(db);
      // A racing transaction may have created one first: what is stored wins.
      const stored = await this.keys(missing, { trx: options.trx });
      for (const [subject, key] of stored) found.set(subject, key);
    }
    return found;
  }

  /**
   * Destroys the subject's key inside the caller's transaction: from its commit on, nothing sealed with
   * it can be opened again, by any process (others may keep it cached for up to a minute).
   */
  async destroy(subject: string, trx: Db): Promise<void> {
    await sql`insert into keystore.data_keys (subject, wrapped, destroyed_at) values (${subject}, null, now())
      on conflict (subject) do update set wrapped = null,
        destroyed_at = coalesce(keystore.data_keys.destroyed_at, now())`.execute(trx);
    this.#cache.delete(subject);
  }

  #wrap(subject: string, key: Buffer): Buffer {
    return packSealed(seal(this.master, `data-key:${subject}`, key));
  }

  #unwrap(subject: string, wrapped: Buffer): Buffer {
    try {
      return open(this.master, `data-key:${subject}`, unpackSealed(wrapped));
    } catch (error) {
      throw new Error(
        `the personal-data master key does not open the data key of ${subject}: is this the platform's keys folder (SAIS_KEYS_DIR) or SAIS_PERSONAL_DATA_MASTER?`,
        { cause: error },
      );
    }
  }
}
