import { errorCodes, readEnvelope } from '@sais/events';
import { type Language, text } from './i18n.ts';

/** The platform refused (its `{ code, message }`): exit code 1, its message printed. */
export class PlatformError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** The platform could not be reached or answered garbage: exit code 3. */
export class NetworkError extends Error {}

/** Bad use of the command (missing token, file not found…): exit code 2. */
export class UsageError extends Error {}

export interface ApiOptions {
  url: string;
  token: string | undefined;
  language: Language;
  /** Where notes go (rate-limit waits): stderr. */
  note: (line: string) => void;
  /** Waits (tests never patch it: the real Retry-After is honoured). */
  sleep?: (ms: number) => Promise<void>;
}

type Query = Record<string, string | number | undefined>;

/** How many times a call is sent at most while the platform is briefly unavailable (503, no connection). */
export const maxAttempts = 5;
/** A connection dropped mid-call: retried for a GET only (a POST may have been done). */
const connectionLost = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** A response's `Retry-After` in seconds (1 when absent or unreadable), at most `max`. */
function retryAfter(response: Response, max: number): number {
  return Math.min(Math.max(Number(response.headers.get('retry-after')) || 1, 1), max);
}

/**
 * The platform's HTTP API with a personal access token (`Authorization: Bearer`): envelopes unwrapped,
 * refusals thrown as `PlatformError`, a 429 waited out once (its `Retry-After`), a brief outage retried
 * (`fetch`).
 */
export class Api {
  constructor(readonly options: ApiOptions) {}

  url(path: string, query: Query = {}): URL {
    const url = new URL(path, this.options.url.endsWith('/') ? this.options.url : `${this.options.url}/`);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(key, String(value));
    return url;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    if (!this.options.token) throw new UsageError(text(this.options.language, 'noToken'));
    return {
      authorization: `Bearer ${this.options.token}`,
      'accept-language': this.options.language,
      'user-agent': 'sais-cli/0.1',
      ...extra,
    };
  }

  /**
   * A raw call (downloads): network failures become `NetworkError`, one 429 is waited out, and while the
   * platform is briefly unavailable (decision 0027) the call is sent again, at most `maxAttempts` times
   * in all: after a 503 (it did nothing) once its `Retry-After` has passed; after a refused connection
   * (nothing was sent); after a dropped connection only for a GET (it changes nothing).
   */
  async fetch(url: URL, init: RequestInit = {}): Promise<Response> {
    const { language, note } = this.options;
    const sleep = this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const method = (init.method ?? 'GET').toUpperCase();
    let rateLimited = false;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          ...init,
          headers: this.headers(init.headers as Record<string, string>),
        });
      } catch (error) {
        if (error instanceof UsageError) throw error;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const reason = cause?.code ?? cause?.message ?? (error as Error).message;
        const again = reason === 'ECONNREFUSED' || (method === 'GET' && connectionLost.has(reason));
        if (again && attempt < maxAttempts) {
          // Backing off: 1, 2, 3, 4 s (10 s in all), about what a database or process restart takes.
          const seconds = Math.min(attempt, 4);
          note(
            text(language, 'unavailableRetry', {
              reason,
              seconds,
              attempt: attempt + 1,
              attempts: maxAttempts,
            }),
          );
          await sleep(seconds * 1000);
          continue;
        }
        const message = text(language, 'network', { url: this.options.url, reason });
        throw new NetworkError(
          again ? `${message}\n${text(language, 'unavailableGaveUp', { attempts: maxAttempts })}` : message,
        );
      }
      if (response.status === 429 && !rateLimited) {
        rateLimited = true;
        attempt--; // a rate limit is not an outage: it spends no attempt
        const seconds = retryAfter(response, 300);
        await response.body?.cancel();
        note(text(language, 'rateLimited', { seconds }));
        await sleep(seconds * 1000);
        continue;
      }
      if (response.status === 503) {
        if (attempt >= maxAttempts) {
          note(text(language, 'unavailableGaveUp', { attempts: maxAttempts }));
          return response;
        }
        const seconds = retryAfter(response, 60);
        await response.body?.cancel();
        note(
          text(language, 'unavailableRetry', {
            reason: 503,
            seconds,
            attempt: attempt + 1,
            attempts: maxAttempts,
          }),
        );
        await sleep(seconds * 1000);
        continue;
      }
      return response;
    }
  }

  /** The `{ code, message, data }` envelope of a response: its data, or the refusal thrown. */
  async envelope<T>(response: Response): Promise<T> {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new NetworkError(text(this.options.language, 'notJson', { status: response.status }));
    }
    const envelope = readEnvelope<T>(body);
    if (!envelope)
      throw new NetworkError(text(this.options.language, 'notJson', { status: response.status }));
    if (envelope.code !== errorCodes.ok)
      throw new PlatformError(envelope.code, envelope.message, response.status, envelope.data);
    return envelope.data as T;
  }

  async get<T>(path: string, query: Query = {}): Promise<T> {
    return this.envelope<T>(await this.fetch(this.url(path, query)));
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    const init: RequestInit =
      body instanceof FormData
        ? { method: 'POST', body }
        : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    return this.envelope<T>(await this.fetch(this.url(path), init));
  }
}
