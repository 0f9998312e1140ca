import { useMemo } from 'react';
import { useLocale } from 'react-admin';
import { apiBase } from '../providers';
import { createHttpClient } from '../providers/httpClient';

/**
 * Platform calls that are not simple-REST resources: uploads, phase commands, leaderboards. Answers
 * the envelope's data; a non-zero code throws with the server's message in the console's language.
 */
export function useConsoleApi() {
  const locale = useLocale();
  return useMemo(() => {
    const http = createHttpClient(() => locale);
    const url = (path: string, query?: Record<string, string | number | undefined>) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {}))
        if (value !== undefined) params.set(key, String(value));
      const search = params.toString();
      return `${apiBase}${path}${search ? `?${search}` : ''}`;
    };
    return {
      get: async <T>(path: string, query?: Record<string, string | number | undefined>) =>
        (await http(url(path, query))).json as T,
      post: async <T>(path: string, body: unknown = {}) =>
        (await http(url(path), { method: 'POST', body: JSON.stringify(body) })).json as T,
      put: async <T>(path: string, body: unknown = {}) =>
        (await http(url(path), { method: 'PUT', body: JSON.stringify(body) })).json as T,
      del: async <T>(path: string) => (await http(url(path), { method: 'DELETE' })).json as T,
      /** Multipart: the browser sets the boundary, so no content type is given here. */
      upload: async <T>(path: string, form: FormData) =>
        (await http(url(path), { method: 'POST', body: form })).json as T,
    };
  }, [locale]);
}
