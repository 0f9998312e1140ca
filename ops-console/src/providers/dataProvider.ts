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

/** A team or a single participant (whose single-person team is named by their account id). */
export interface Participant {
  id: string;
  name: string;
  kind: 'team' | 'user';
}

/**
 * `participants`, for the pickers of lists filtered by team (submissions, signals): scoring names a
 * single person's team by their account id, so a team filter is either a team (the team service's
 * list, searched by name) or an account (identity's list, searched by username). Read only.
 */
function participants(rest: DataProvider): Pick<DataProvider, 'getList' | 'getMany'> {
  const asTeam = (team: RaRecord): Participant => ({
    id: String(team.id),
    name: String(team.name),
    kind: 'team',
  });
  const asUser = (user: RaRecord): Participant => ({
    id: String(user.id),
    name: String(user.username ?? ''),
    kind: 'user',
  });
  return {
    async getList(_, params) {
      const q = typeof params.filter?.q === 'string' ? params.filter.q.trim() : '';
      const page = { pagination: { page: 1, perPage: 10 }, filter: q ? { q } : {} };
      const [teams, users] = await Promise.all([
        rest.getList('teams', { ...page, sort: { field: 'createdAt', order: 'DESC' } }),
        rest.getList('users', { ...page, sort: { field: 'registeredAt', order: 'DESC' } }),
      ]);
      const data = [...teams.data.map(asTeam), ...users.data.map(asUser)];
      return { data: data as never[], total: data.length };
    },
    async getMany(_, { ids }) {
      const teams = ids.length ? (await rest.getMany('teams', { ids })).data.map(asTeam) : [];
      const others = ids.filter((id) => !teams.some((team) => team.id === String(id)));
      const users = others.length ? (await rest.getMany('users', { ids: others })).data.map(asUser) : [];
      return { data: [...teams, ...users] as never[] };
    },
  };
}

/**
 * `accounts`, for the pickers every staff role may use (the audit's actor filter): identity's names
 * calls, `names/search?q=` (2 letters at least, 10 accounts) and `names/accounts?id=`. Read only.
 */
function accounts(
  base: string,
  http: ReturnType<typeof createHttpClient>,
): Pick<DataProvider, 'getList' | 'getMany'> {
  return {
    async getList(_, params) {
      const q = typeof params.filter?.q === 'string' ? params.filter.q.trim() : '';
      if (q.length < 2) return { data: [], total: 0 };
      const { json } = await http(`${base}/names/search?${new URLSearchParams({ q })}`);
      const data = json as { id: string; username: string }[];
      return { data: data as never[], total: data.length };
    },
    async getMany(_, { ids }) {
      if (ids.length === 0) return { data: [] };
      const query = new URLSearchParams(ids.map((id) => ['id', String(id)]));
      const { json } = await http(`${base}/names/accounts?${query}`);
      const names = json as Record<string, string | null>;
      return { data: ids.map((id) => ({ id, username: names[String(id)] ?? '' })) as never[] };
    },
  };
}

/** The admin API: simple-REST conventions (sort/range/filter, Content-Range) under `<apiBase>/admin`. */
export function createDataProvider(apiBase: string, language: () => string): ConsoleDataProvider {
  const httpClient = createHttpClient(language);
  const base = `${apiBase}/admin`;
  const rest = simpleRestProvider(base, httpClient);
  const pickers: Record<string, Pick<DataProvider, 'getList' | 'getMany'>> = {
    participants: participants(rest),
    accounts: accounts(base, httpClient),
  };
  return {
    ...rest,
    getList: (resource, params) => (pickers[resource] ?? rest).getList(resource, params),
    getMany: (resource, params) => (pickers[resource] ?? rest).getMany(resource, params),
    async command(resource, { id, action, data }) {
      const url = `${base}/${resource}/${encodeURIComponent(String(id))}/${encodeURIComponent(action)}`;
      const { json } = await httpClient(url, { method: 'POST', body: JSON.stringify(data ?? {}) });
      return { data: json };
    },
  };
}
