import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';

type Listener = (version: number) => void;

/**
 * Watches the leaderboard change counters (`scoring.board_versions`, bumped by the leaderboard
 * projection in the transaction that changes a board) of the competitions someone is interested in:
 * one indexed query per poll for the whole process, however many pages and streams are open. It works
 * whichever process runs the projection (docs/decisions/0004-leaderboard-live-updates.md).
 */
export class BoardWatch {
  readonly #versions = new Map<string, number>();
  readonly #listeners = new Map<string, Set<Listener>>();
  /** Competitions read recently (page cache), with when they were last read. */
  readonly #recent = new Map<string, number>();
  #lastPoll = 0;
  #timer: NodeJS.Timeout | undefined;
  #polling: Promise<void> | undefined;
  #stopped = false;

  constructor(
    private readonly db: Db,
    readonly pollMs = 500,
    private readonly forgetMs = 60_000,
  ) {}

  /** The latest polled version (0 before any change), or undefined when not known fresh enough to trust. */
  version(competitionId: string): number | undefined {
    const now = Date.now();
    this.#recent.set(competitionId, now);
    if (!this.#timer) this.#ensureTimer();
    if (now - this.#lastPoll > this.pollMs * 3) return undefined;
    return this.#versions.get(competitionId);
  }

  /** Calls `listener` with the new version whenever the competition's boards change. */
  subscribe(competitionId: string, listener: Listener): () => void {
    let set = this.#listeners.get(competitionId);
    if (!set) this.#listeners.set(competitionId, (set = new Set()));
    set.add(listener);
    this.#ensureTimer();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(competitionId);
    };
  }

  /** Waits for a poll that started after this call (tests, and the first read of a competition). */
  async refresh(): Promise<void> {
    await this.#polling;
    await this.#poll();
  }

  #ensureTimer() {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(() => void this.#poll(), this.pollMs);
    this.#timer.unref();
  }

  #watched(): string[] {
    const now = Date.now();
    for (const [id, at] of this.#recent) if (now - at > this.forgetMs) this.#recent.delete(id);
    return [...new Set([...this.#recent.keys(), ...this.#listeners.keys()])];
  }

  #poll(): Promise<void> {
    if (this.#polling) return this.#polling;
    this.#polling = (async () => {
      const ids = this.#watched();
      if (ids.length === 0) {
        clearInterval(this.#timer);
        this.#timer = undefined;
        return;
      }
      const started = Date.now();
      const rows = await sql<{ competition_id: string; version: string }>`
        select competition_id, version from scoring.board_versions where competition_id = any(${ids}::uuid[])`.execute(
        this.db,
      );
      const found = new Map(rows.rows.map((row) => [row.competition_id, Number(row.version)]));
      for (const id of ids) {
        const version = found.get(id) ?? 0;
        const before = this.#versions.get(id);
        this.#versions.set(id, version);
        // A replay restarts the counter: any difference is a change.
        if (before !== undefined && before !== version)
          for (const listener of this.#listeners.get(id) ?? []) listener(version);
      }
      this.#lastPoll = started;
    })()
      .catch(() => undefined) // the database is away: readers fall back to querying (and fail there)
      .finally(() => {
        this.#polling = undefined;
      });
    return this.#polling;
  }

  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#listeners.clear();
  }
}
