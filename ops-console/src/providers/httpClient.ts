import { HttpError, fetchUtils } from 'react-admin';
import { isEnvelope, readEnvelope } from '@sais/events';

export type HttpClient = typeof fetchUtils.fetchJson;

/** An answer from something in front of the platform (a proxy's 502 page), not the platform's envelope. */
const serverMessage = {
  en: 'The platform is not answering properly right now; please try again in a moment',
  'zh-CN': '平台暂时无法正常响应，请稍后重试',
};

/** When the platform cannot be reached at all (no response): said in the console's language. */
export const networkMessage = {
  en: 'The platform could not be reached; check the connection and try again',
  'zh-CN': '无法连接到平台，请检查网络后重试',
};

/**
 * `fetchJson` with the session cookie and the interface language on every call. Envelope bodies are
 * unwrapped so the simple-REST provider sees the records; a non-zero code becomes an HttpError.
 */
export function createHttpClient(language: () => string): HttpClient {
  return async (url, options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('Accept-Language', language());
    const response = await fetchUtils
      .fetchJson(url, { ...options, headers, credentials: 'include' })
      .catch((error: unknown) => {
        // The browser's own words for a lost connection ("Failed to fetch") never reach the page.
        const words = language() === 'en' ? 'en' : 'zh-CN';
        // A platform answer carries its own words; a proxy's bare status line ("Bad Gateway") does not.
        if (error instanceof HttpError && isEnvelope(error.body)) throw error;
        if (error instanceof HttpError && error.status >= 500)
          throw new HttpError(serverMessage[words], error.status, error.body);
        if (error instanceof HttpError) throw error;
        throw new HttpError(networkMessage[words], 0, null);
      });
    const envelope = readEnvelope(response.json);
    if (!envelope) return response;
    const { code, message, data } = envelope;
    if (code !== 0) throw new HttpError(message, code, response.json);
    return { ...response, json: data };
  };
}
