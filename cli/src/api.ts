import { errorCodes } from '@sais/events';
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

/**
 * The platform's HTTP API with a personal access token (`Authorization: Bearer`): envelopes unwrapped,
 * refusals thrown as `PlatformError`, a 429 waited out once (its `Retry-After`).
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

  /** A raw call (downloads): network failures become `NetworkError`, one 429 is waited out. */
  async fetch(url: URL, init: RequestInit = {}, retried = false): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: this.headers(init.headers as Record<string, string>) });
    } catch (error) {
      if (error instanceof UsageError) throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new NetworkError(
        text(this.options.language, 'network', {
          url: this.options.url,
          reason: cause?.code ?? cause?.message ?? (error as Error).message,
        }),
      );
    }
    if (response.status === 429 && !retried) {
      const seconds = Math.min(Math.max(Number(response.headers.get('retry-after')) || 1, 1), 300);
      await response.body?.cancel();
      this.options.note(text(this.options.language, 'rateLimited', { seconds }));
      await (this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(
        seconds * 1000,
      );
      return this.fetch(url, init, true);
    }
    return response;
  }

  /** The `{ code, message, data }` envelope of a response: its data, or the refusal thrown. */
  async envelope<T>(response: Response): Promise<T> {
    let body: { code?: unknown; message?: unknown; data?: unknown };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new NetworkError(text(this.options.language, 'notJson', { status: response.status }));
    }
    if (typeof body?.code !== 'number')
      throw new NetworkError(text(this.options.language, 'notJson', { status: response.status }));
    if (body.code !== errorCodes.ok)
      throw new PlatformError(body.code, String(body.message), response.status, body.data);
    return body.data as T;
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
