import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { createHttpClient } from './httpClient';

export interface CommandParams {
  id: Identifier;
  /** The command's path segment, e.g. `approve`. */
  action: string;
  data?: Record<string, unknown>;
}

/** The simple-REST calls plus commands that are not plain updates (approve, reject, ...). */
export interface ConsoleDataProvider extends DataProvider {
  /** `POST <admin>/<resource>/<id>/<action>` with a JSON body; answers the changed record. */
  command<RecordType extends RaRecord = RaRecord>(
    resource: string,
    params: CommandParams,
  ): Promise<{ data: RecordType }>;
}

/** The admin API: simple-REST conventions (sort/range/filter, Content-Range) under `<apiBase>/admin`. */
export function createDataProvider(apiBase: string, language: () => string): ConsoleDataProvider {
  const httpClient = createHttpClient(language);
  const base = `${apiBase}/admin`;
  return {
    ...simpleRestProvider(base, httpClient),
    async command(resource, { id, action, data }) {
      const url = `${base}/${resource}/${encodeURIComponent(String(id))}/${encodeURIComponent(action)}`;
      const { json } = await httpClient(url, { method: 'POST', body: JSON.stringify(data ?? {}) });
      return { data: json };
    },
  };
}
