import type { ApiClient } from '../../api/client';
import type { MyTeam, TeamSummary } from './types';

const post = <T>(client: ApiClient, path: string, data: object) =>
  client.request<T>(path, { method: 'POST', data });

/** The team calls of the portal (`/api/team/...`), on any API client. */
export function createTeamApi(client: ApiClient) {
  return {
    myTeam: (competitionId: string) => client.request<MyTeam>('/team/myTeam', { data: { competitionId } }),
    detail: (teamId: string) => client.request<TeamSummary>('/team/detail', { data: { teamId } }),
    create: (competitionId: string, name: string) =>
      post<{ teamId: string; attemptsLeft: number }>(client, '/team/create', { competitionId, name }),
    rename: (teamId: string, name: string) => post<null>(client, '/team/rename', { teamId, name }),
    disband: (teamId: string) => post<null>(client, '/team/disband', { teamId }),
    apply: (teamId: string) => post<{ applicationId: string }>(client, '/team/apply', { teamId }),
    cancelApplication: (applicationId: string) =>
      post<null>(client, '/team/cancelApplication', { applicationId }),
    handleApplication: (applicationId: string, agree: boolean) =>
      post<null>(client, '/team/handleApplication', { applicationId, agree }),
    applyLeave: (teamId: string) => post<{ applicationId: string }>(client, '/team/applyLeave', { teamId }),
    removeMember: (teamId: string, userId: string) =>
      post<null>(client, '/team/removeMember', { teamId, userId }),
    transferOwner: (teamId: string, userId: string) =>
      post<null>(client, '/team/transferOwner', { teamId, userId }),
  };
}

export type TeamApi = ReturnType<typeof createTeamApi>;
