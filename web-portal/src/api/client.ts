import { errorCodes, readEnvelope } from '@sais/events';
import type { Notifier } from '../notices/notices';
import { ApiError, transportErrorCode } from './ApiError';

export type HttpMethod = 'GET' | 'HEAD' | 'DELETE' | 'POST' | 'PUT' | 'PATCH';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters for GET/HEAD/DELETE, a JSON body (or multipart FormData) for the others. */
  data?: Record<string, QueryValue | readonly QueryValue[]> | object | FormData;
  /** Opts out of the common error notice (spec §8); the call still rejects. */
  silent?: boolean;
  /** Body codes the caller answers itself (e.g. with a confirmation): they reject without a notice. */
  handledCodes?: readonly number[];
  /** A 401 rejects without notice or redirect: for calls that probe whether someone is signed in. */
  allowSignedOut?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientConfig {
  /** `/api` in the browser; tests pass an absolute URL. */
  baseUrl: string;
  language: () => string;
  notifier: Notifier;
  /** The address to come back to after signing in (path, query and hash). */
  currentAddress: () => string;
  navigate: (to: string) => void;
  translate: (key: 'api.networkError' | 'api.badResponse', values?: Record<string, unknown>) => string;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * A GET that answers a file: resolves with its bytes; an envelope in place of the file is handled
   * as `request` handles it (notice, 401 → login) and rejects.
   */
  download(path: string, options?: Omit<RequestOptions, 'method'>): Promise<Blob>;
  /** For other transports (upload progress, tus): settles a response's status and body text as `request` does. */
  settleText<T>(status: number, text: string, options?: RequestOptions): T;
  /** For other transports: a request that got no response (notice unless silent), rejecting. */
  transportFailure(cause: unknown, options?: RequestOptions): never;
  /** The request language, for transports that set their own headers. */
  language(): string;
  /** The API's base path (`/api` in the browser). */
  readonly baseUrl: string;
}

const notSignedInCode = errorCodes.notSignedIn;
const queryMethods: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'DELETE']);

export function loginAddress(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

function toQuery(data: RequestOptions['data']): string {
  if (!data || data instanceof FormData) return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) query.append(key, String(item));
    }
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function buildInit(method: HttpMethod, options: RequestOptions, language: string): RequestInit {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': language });
  const init: RequestInit = { method, headers, credentials: 'include', signal: options.signal ?? null };
  if (queryMethods.has(method) || options.data === undefined) return init;
  if (options.data instanceof FormData) return { ...init, body: options.data };
  headers.set('Content-Type', 'application/json');
  return { ...init, body: JSON.stringify(options.data) };
}

type Body = { empty: true } | { empty: false; json: unknown };

function parseBody(text: string): Body {
  if (text.trim() === '') return { empty: true };
  try {
    return { empty: false, json: JSON.parse(text) };
  } catch {
    return { empty: false, json: undefined };
  }
}

async function readBody(response: Response): Promise<Body> {
  return parseBody(await response.text());
}

/** The one API client of spec §7/§8: every call of the portal goes through `request`. */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const fail = (error: ApiError, silent: boolean | undefined): never => {
    if (!silent) config.notifier.notify({ severity: 'error', message: error.message });
    throw error;
  };

  const transportFailure = (cause: unknown, options: RequestOptions): never => {
    if (options.signal?.aborted) throw cause;
    return fail(new ApiError(transportErrorCode, config.translate('api.networkError')), options.silent);
  };

  function settle<T>(status: number, body: Body, options: RequestOptions): T {
    const ok = status >= 200 && status < 300;
    if (body.empty && ok) return undefined as T;
    const envelope = body.empty ? null : readEnvelope(body.json);
    if (!envelope) {
      const message = config.translate('api.badResponse', { status });
      return fail(new ApiError(ok ? transportErrorCode : status, message), options.silent);
    }
    const { code, message, data } = envelope;
    if (code === errorCodes.ok) return data as T;
    const error = new ApiError(code, message, data ?? null);
    if (code === notSignedInCode) {
      if (options.allowSignedOut) throw error;
      config.notifier.notify({ severity: 'error', message });
      config.navigate(loginAddress(config.currentAddress()));
      throw error;
    }
    return fail(error, options.silent || options.handledCodes?.includes(code));
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const url = `${config.baseUrl}${path}${queryMethods.has(method) ? toQuery(options.data) : ''}`;
    let response: Response;
    let body: Body;
    try {
      response = await fetch(url, buildInit(method, options, config.language()));
      body = await readBody(response);
    } catch (cause) {
      return transportFailure(cause, options);
    }
    return settle<T>(response.status, body, options);
  }

  async function download(path: string, options: Omit<RequestOptions, 'method'> = {}): Promise<Blob> {
    const url = `${config.baseUrl}${path}${toQuery(options.data)}`;
    let response: Response;
    try {
      response = await fetch(url, buildInit('GET', options, config.language()));
      const isEnvelopeResponse = (response.headers.get('content-type') ?? '').includes('application/json');
      if (response.ok && !isEnvelopeResponse) return await response.blob();
      const body = await readBody(response);
      settle(response.status, body, options);
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      return transportFailure(cause, options);
    }
    // An envelope with code 0 where a file was expected: not a file either.
    return fail(
      new ApiError(transportErrorCode, config.translate('api.badResponse', { status: response.status })),
      options.silent,
    );
  }

  return {
    request,
    download,
    settleText: (status, text, options = {}) => settle(status, parseBody(text), options),
    transportFailure: (cause, options = {}) => transportFailure(cause, options),
    language: config.language,
    baseUrl: config.baseUrl,
  };
}
