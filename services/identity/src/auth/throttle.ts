import type { Db } from '@sais/kit/db';
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

/**
 * How long a failed sign-in waits before it answers: `failureFloorMs`, or longer while the work behind
 * a failure itself takes longer (a saturated server: the password check alone can pass 250 ms), so
 * the extra work of a real account (its failure recorded on its stream) never shows in the answer's
 * time. The floor is 1.25 × the slowest failure of the last minute (at most 32 of them), up to
 * `maxMs`; a burst of slow work lifts it for a minute, which only slows failures.
 */
export class FailureFloor {
  readonly #recent: { at: number; workMs: number }[] = [];

  constructor(
    private readonly baseMs: number = loginPolicy.failureFloorMs,
    private readonly maxMs = 3_000,
    private readonly windowMs = 60_000,
  ) {}

  /** The floor for a failure now. */
  ms(now = Date.now()): number {
    while (this.#recent.length > 0 && this.#recent[0]!.at < now - this.windowMs) this.#recent.shift();
    const slowest = this.#recent.reduce((max, entry) => Math.max(max, entry.workMs), 0);
    return Math.min(this.maxMs, Math.max(this.baseMs, Math.ceil(slowest * 1.25)));
  }

  /**
   * Records how long a failure's work took (from `started` until now), then waits until the floor after
   * `started`: every failure answers at the same time after it began, whatever caused it.
   */
  async wait(started: number): Promise<void> {
    const now = Date.now();
    this.#recent.push({ at: now, workMs: now - started });
    if (this.#recent.length > 32) this.#recent.shift();
    await answerNoSoonerThan(started, this.ms(now));
  }
}

/** Waits until `floorMs` after `started`, so a failure's answer takes the same time whatever caused it. */
export async function answerNoSoonerThan(started: number, floorMs: number = loginPolicy.failureFloorMs) {
  const left = started + floorMs - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
