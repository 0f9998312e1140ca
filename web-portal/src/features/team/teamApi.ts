import type { team } from '@sais/events';
import type { ApiClient } from '../../api/client';
import type {
  InvitationCreated,
  InvitationPreview,
  Invitations,
  MyTeam,
  TeamSearchResult,
  TeamSummary,
} from './types';

const post = <T>(client: ApiClient, path: string, data: object) =>
  client.request<T>(path, { method: 'POST', data });

/** The team calls of the portal (`/api/team/...`), on any API client. */
export function createTeamApi(client: ApiClient) {
  return {
    myTeam: (competitionId: string) =>
      client.request<MyTeam>('/team/myTeam', {
        data: { competitionId } satisfies team.requests.CompetitionQuery,
      }),
    detail: (teamId: string) =>
      client.request<TeamSummary>('/team/detail', { data: { teamId } satisfies team.requests.TeamQuery }),
    create: (competitionId: string, name: string) =>
      post<{ teamId: string; attemptsLeft: number }>(client, '/team/create', {
        competitionId,
        name,
      } satisfies team.requests.CreateTeam),
    rename: (teamId: string, name: string) =>
      post<null>(client, '/team/rename', { teamId, name } satisfies team.requests.RenameTeam),
    disband: (teamId: string) =>
      post<null>(client, '/team/disband', { teamId } satisfies team.requests.TeamBody),
    apply: (teamId: string) =>
      post<{ applicationId: string }>(client, '/team/apply', { teamId } satisfies team.requests.TeamBody),
    cancelApplication: (applicationId: string) =>
      post<null>(client, '/team/cancelApplication', {
        applicationId,
      } satisfies team.requests.ApplicationBody),
    handleApplication: (applicationId: string, agree: boolean) =>
      post<null>(client, '/team/handleApplication', {
        applicationId,
        agree,
      } satisfies team.requests.HandleApplication),
    applyLeave: (teamId: string) =>
      post<{ applicationId: string }>(client, '/team/applyLeave', {
        teamId,
      } satisfies team.requests.TeamBody),
    removeMember: (teamId: string, userId: string) =>
      post<null>(client, '/team/removeMember', { teamId, userId } satisfies team.requests.MemberBody),
    transferOwner: (teamId: string, userId: string) =>
      post<null>(client, '/team/transferOwner', { teamId, userId } satisfies team.requests.MemberBody),
    search: (competitionId: string, q: string, page = 1, pageSize = 10) =>
      client.request<TeamSearchResult>('/team/search', {
        data: { competitionId, q, page, pageSize } satisfies team.requests.TeamSearch,
      }),
    invitations: (teamId: string) =>
      client.request<Invitations>('/team/invitations', {
        data: { teamId } satisfies team.requests.InvitationsQuery,
      }),
    createInvitation: (teamId: string, hours: number, maxUses?: number) =>
      post<InvitationCreated>(client, '/team/invitation/create', {
        teamId,
        hours,
        ...(maxUses === undefined ? {} : { maxUses }),
      } satisfies team.requests.CreateInvitation),
    revokeInvitation: (teamId: string, invitationId: string) =>
      post<null>(client, '/team/invitation/revoke', {
        teamId,
        invitationId,
      } satisfies team.requests.RevokeInvitation),
    invitation: (code: string) =>
      client.request<InvitationPreview>('/team/invitation', {
        data: { code } satisfies team.requests.InvitationCodeBody,
      }),
    joinByInvitation: (code: string) =>
      post<{ teamId: string }>(client, '/team/invitation/join', {
        code,
      } satisfies team.requests.InvitationCodeBody),
  };
}

export type TeamApi = ReturnType<typeof createTeamApi>;
