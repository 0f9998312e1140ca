import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { createHttpClient } from './httpClient';

/** The admin API: simple-REST conventions (sort/range/filter, Content-Range) under `<apiBase>/admin`. */
export function createDataProvider(apiBase: string, language: () => string): DataProvider {
  return simpleRestProvider(`${apiBase}/admin`, createHttpClient(language));
}
