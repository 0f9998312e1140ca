import { HttpError, fetchUtils } from 'react-admin';
import { isEnvelope } from './envelope';

export type HttpClient = typeof fetchUtils.fetchJson;

/**
 * `fetchJson` with the session cookie and the interface language on every call. Envelope bodies are
 * unwrapped so the simple-REST provider sees the records; a non-zero code becomes an HttpError.
 */
export function createHttpClient(language: () => string): HttpClient {
  return async (url, options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('Accept-Language', language());
    const response = await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
    if (!isEnvelope(response.json)) return response;
    const { code, message, data } = response.json;
    if (code !== 0) throw new HttpError(message, code, response.json);
    return { ...response, json: data };
  };
}
