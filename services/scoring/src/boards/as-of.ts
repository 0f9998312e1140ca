import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import type { Projection } from '@sais/kit/projections';
import { projectionAsOf } from '@sais/kit/platform';
import type { PersonalDataKeys } from '@sais/kit/personal';
import { sql } from 'kysely';
import { scoring } from '@sais/events';
import { Leaderboards } from './leaderboards.ts';
import { scoringErrors } from '../errors.ts';

type Board = 'leaderboard' | 'private_leaderboard';
type Ranking = Awaited<ReturnType<Leaderboards['queryPage']>>;

export interface BoardsAsOfOptions {
  /** Asked times are rounded down to a multiple of this (the cache's key): 60 s by default. */
  stepMs?: number;
  /** Rebuilds (cache misses) one account may cause per window; 0: no limit. */
  perAccount?: number;
  windowMs?: number;
  personal?: PersonalDataKeys;
}

/** A step is cached only once it is this far in the past: every event of it is committed by then. */
const settledAfterMs = 10_000;
/** Rankings kept (whole phases, all pages): the oldest is dropped beyond this. */
const cacheSize = 200;

/**
 * A competition's leaderboard as it was at a past time, for everyone (issue 22, decision 0019): the
 * leaderboard projection rebuilt from the events up to that time in a scratch schema — the auditors'
 * machinery (kit `projectionAsOf`), so the answer is exactly what the live board showed then (scores,
 * rescorings, disqualifications and team merges as known at that time, ranked by the same comparator).
 * A rebuild reads the scoring log, so it is bounded: times are rounded down to a step (a minute) and
 * each (board, competition, phase, step) is rebuilt once and cached; one rebuild runs at a time in the
 * process (others wait their turn, asks of the same key share it); and each account may cause only so
 * many rebuilds per window (cache hits are free). Names, teams' names and organisations are today's.
 */
export class BoardsAsOf {
  /** Rankings by key; a step not yet settled is kept only until it is (`until`), then rebuilt. */
  readonly #cache = new Map<string, { ranking: Ranking; until: number }>();
  readonly #pending = new Map<string, Promise<Ranking>>();
  readonly #counts = new Map<string, { start: number; count: number }>();
  #turn: Promise<unknown> = Promise.resolve();
  readonly #stepMs: number;
  readonly #perAccount: number;
  readonly #windowMs: number;

  constructor(
    private readonly db: Db,
    private readonly projection: Projection,
    private readonly sources: () => Promise<EventStore[]>,
    private readonly options: BoardsAsOfOptions = {},
  ) {
    this.#stepMs = Math.max(1000, options.stepMs ?? 60_000);
    this.#perAccount = options.perAccount ?? 10;
    this.#windowMs = options.windowMs ?? 600_000;
  }

  /** The asked time as the board is given for: rounded down to the step; refused if unreadable or ahead. */
  stepOf(asked: string, now = Date.now()): Date {
    const at = Date.parse(asked);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(asked) || Number.isNaN(at) || at > now)
      throw scoringErrors.boardAsOfInvalid({ data: { asOf: asked } });
    return new Date(Math.floor(at / this.#stepMs) * this.#stepMs);
  }

  /** A page of the public (`leaderboard`) or private board of a phase as of `at` (a step's start). */
  async page(
    board: Board,
    query: { competitionId: string; phase?: string | undefined; page: number; pageSize: number },
    at: Date,
    accountId: string,
  ) {
    const key = `${board}|${query.competitionId}|${query.phase ?? ''}|${at.getTime()}`;
    const ranking = this.#cached(key) ?? (await this.#rebuild(key, board, query, at, accountId));
    const offset = (query.page - 1) * query.pageSize;
    return {
      ...ranking,
      page: query.page,
      pageSize: query.pageSize,
      records: ranking.records.slice(offset, offset + query.pageSize),
      baselines: scoring.baselinesOnPage(ranking.baselines, query.page, query.pageSize, ranking.total),
      // The seal in force now is of today's private ranking, not of this one.
      seal: null,
      asOf: at.toISOString(),
    };
  }

  /**
   * When the private board of a phase (without one: the last published) was published, or null: its
   * as-of answers start then.
   */
  async publication(
    competitionId: string,
    phase: string | undefined,
  ): Promise<{ phase: string; publishedAt: Date } | null> {
    const row = await sql<{ phase: string; published_at: Date }>`
      select phase, published_at from scoring.board_publications
      where competition_id = ${competitionId} ${phase ? sql`and phase = ${phase}` : sql``}
      order by published_at desc limit 1`.execute(this.db);
    const found = row.rows[0];
    return found ? { phase: found.phase, publishedAt: new Date(found.published_at) } : null;
  }

  #cached(key: string): Ranking | undefined {
    const hit = this.#cache.get(key);
    if (hit && hit.until < Date.now()) this.#cache.delete(key);
    return hit && hit.until >= Date.now() ? hit.ranking : undefined;
  }

  #rebuild(
    key: string,
    board: Board,
    query: { competitionId: string; phase?: string | undefined },
    at: Date,
    accountId: string,
  ): Promise<Ranking> {
    const pending = this.#pending.get(key);
    if (pending) return pending;
    this.#count(accountId);
    const run = this.#turn.then(async () => {
      const hit = this.#cached(key);
      if (hit) return hit;
      const { value } = await projectionAsOf(
        this.db,
        this.projection,
        await this.sources(),
        at,
        // The whole phase, so every page of it is answered from the cache.
        (copy) =>
          new Leaderboards(copy).queryPage(board, {
            competitionId: query.competitionId,
            phase: query.phase,
            page: 1,
            pageSize: 1_000_000,
          }),
        { personal: this.options.personal },
      );
      // A settled step is the same forever; a recent one only until it settles (an event of it may
      // still have been committing during this rebuild): its other pages are read from it meanwhile.
      const settled = at.getTime() <= Date.now() - settledAfterMs;
      if (this.#cache.size >= cacheSize) this.#cache.delete(this.#cache.keys().next().value!);
      this.#cache.set(key, {
        ranking: value,
        until: settled ? Number.POSITIVE_INFINITY : at.getTime() + settledAfterMs,
      });
      return value;
    });
    this.#turn = run.catch(() => undefined);
    this.#pending.set(key, run);
    return run.finally(() => this.#pending.delete(key));
  }

  /** Counts a rebuild against the account's window; refuses (40034, 429) past the limit. */
  #count(accountId: string, now = Date.now()) {
    if (this.#perAccount <= 0) return;
    const current = this.#counts.get(accountId);
    const window = current && now - current.start < this.#windowMs ? current : { start: now, count: 0 };
    if (window.count >= this.#perAccount) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + this.#windowMs - now) / 1000));
      throw scoringErrors.boardAsOfLimitReached({
        data: { limit: this.#perAccount, minutes: Math.round(this.#windowMs / 60_000), retryAfterSeconds },
      });
    }
    window.count++;
    this.#counts.set(accountId, window);
    if (this.#counts.size > 100_000) this.#counts.clear();
  }
}
