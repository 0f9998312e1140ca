import { scoringCodes } from '@sais/events';
import { AppError } from '@sais/kit/errors';

/** How many live-leaderboard connections (server-sent events) one process holds (issue 33). */
export interface StreamLimits {
  /** Open at once from one client address (the socket's, or a trusted proxy's word); 0: no limit. */
  perAddress: number;
  /** Open at once in this process; 0: no limit. */
  total: number;
  /** What a refusal's `Retry-After` says, in seconds. */
  retryAfterSeconds: number;
}

/**
 * `SCORING_STREAMS_PER_ADDRESS` (default 50: a campus or an office shares one address, and each open
 * board page is one connection) and `SCORING_STREAMS_TOTAL` (default 5000, about 40 MB of sockets and
 * buffers at the 7–8 KB one costs); 0 turns that limit off.
 */
export function streamLimitsFrom(env: NodeJS.ProcessEnv): StreamLimits {
  const read = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0)
      throw new Error(`${name} must be a whole number (connections)`);
    return parsed;
  };
  return {
    perAddress: read('SCORING_STREAMS_PER_ADDRESS', 50),
    total: read('SCORING_STREAMS_TOTAL', 5000),
    retryAfterSeconds: 30,
  };
}

/**
 * The open connections, counted per address and in total. `take` answers the release of a slot (call it
 * once, when the connection ends) or throws the refusal: 429 for an address over its share, 503 when the
 * process is full, each with `data.retryAfterSeconds` and `data.max`. Constant work per connection.
 */
export class StreamSlots {
  readonly #byAddress = new Map<string, number>();
  #total = 0;

  constructor(private readonly limits: StreamLimits) {}

  get open(): number {
    return this.#total;
  }

  take(address: string): () => void {
    const { perAddress, total, retryAfterSeconds } = this.limits;
    const mine = this.#byAddress.get(address) ?? 0;
    if (perAddress > 0 && mine >= perAddress)
      throw new AppError(scoringCodes.leaderboardStreamsPerAddress, 'leaderboardStreamsPerAddress', 429, {
        data: { max: perAddress, retryAfterSeconds },
      });
    if (total > 0 && this.#total >= total)
      throw new AppError(scoringCodes.leaderboardStreamsFull, 'leaderboardStreamsFull', 503, {
        data: { max: total, retryAfterSeconds },
      });
    this.#byAddress.set(address, mine + 1);
    this.#total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total -= 1;
      const left = (this.#byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#byAddress.set(address, left);
      else this.#byAddress.delete(address);
    };
  }
}
