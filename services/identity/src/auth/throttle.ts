import type { Db } from '@sais/kit';
import type { Kysely } from 'kysely';
import type { IdentityTables } from '../db/tables.ts';

/**
 * Sign-in backoff. Wrong passwords are counted per (account name, address) pair and per address, never
 * per account alone: a stranger who knows a username (the public leaderboard shows them) can slow only
 * their own guesses, not lock the owner out. Unknown and known names are counted and refused alike.
 */
export const loginPolicy = {
  /** Wrong passwords in a row for one name from one address before the first wait. */
  freeFailures: 5,
  /** The first wait; each further failure doubles it, up to `maxWaitMinutes`. */
  firstWaitSeconds: 60,
  maxWaitMinutes: 15,
  /** Wrong passwords from one address (any names) before it waits `maxWaitMinutes`. */
  maxFailuresPerIp: 30,
  /** Counts start over after this long without a failure. */
  forgetAfterHours: 24,
  /** A failed sign-in answers no sooner than this after it began: its timing says nothing of the name. */
  failureFloorMs: 250,
} as const;

/** The throttle keys of a password sign-in: its name from its address, and its address. */
export function throttleKeys(name: string, ip: string | null): { pair: string; address: string | null } {
  const normalized = name.trim().toLowerCase();
  return { pair: `pair:${ip ?? '-'}:${normalized}`, address: ip ? `ip:${ip}` : null };
}

export class SignInThrottle {
  #t(trx: Db) {
    return trx.withSchema('identity') as Kysely<IdentityTables>;
  }

  /** The latest time any of the keys is locked until, if one is locked now. */
  async lockedUntil(db: Db, keys: string[], now: Date): Promise<Date | null> {
    if (keys.length === 0) return null;
    const rows = await this.#t(db)
      .selectFrom('login_throttle')
      .select('locked_until')
      .where('key', 'in', keys)
      .where('locked_until', '>', now)
      .execute();
    const until = rows.map((row) => new Date(row.locked_until!).getTime());
    return until.length ? new Date(Math.max(...until)) : null;
  }

  /**
   * Counts a wrong password under `key`; past `free` failures the key waits `firstWaitSeconds`, doubled
   * per further failure up to `maxWaitMinutes` (`fixedWait`: always the longest).
   */
  async countFailure(trx: Db, key: string, now: Date, free: number, fixedWait = false) {
    const forgetBefore = new Date(now.getTime() - loginPolicy.forgetAfterHours * 3_600_000);
    const row = await this.#t(trx)
      .insertInto('login_throttle')
      .values({ key, failures: 1, locked_until: null, updated_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('login_throttle.updated_at', '<', forgetBefore)
            .then(1)
            .else(eb('login_throttle.failures', '+', 1))
            .end(),
          updated_at: now,
        })),
      )
      .returning(['failures'])
      .executeTakeFirstOrThrow();
    const over = row.failures - free;
    if (over < 0) return { failures: row.failures, lockedUntil: null };
    const maxMs = loginPolicy.maxWaitMinutes * 60_000;
    const waitMs = fixedWait ? maxMs : Math.min(maxMs, loginPolicy.firstWaitSeconds * 1000 * 2 ** over);
    const lockedUntil = new Date(now.getTime() + waitMs);
    await this.#t(trx)
      .updateTable('login_throttle')
      .set({ locked_until: lockedUntil })
      .where('key', '=', key)
      .execute();
    return { failures: row.failures, lockedUntil };
  }

  async clear(trx: Db, keys: string[]) {
    if (keys.length) await this.#t(trx).deleteFrom('login_throttle').where('key', 'in', keys).execute();
  }
}

/** Waits until `floorMs` after `started`, so a failure's answer takes the same time whatever caused it. */
export async function answerNoSoonerThan(started: number, floorMs: number = loginPolicy.failureFloorMs) {
  const left = started + floorMs - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
