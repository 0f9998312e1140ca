import type { team } from '@sais/events';

/** Shapes of the team service's calls (services/team/src/http/schemas.ts). */
// The answers' types come from the routes' own response schemas (events/src/team/responses.ts).
export type Team = team.responses.TeamView;
/** A team member; `name` is the nickname, else the username; `deleted`: shown as a deleted user. */
export type Member = Team['members'][number];
/** A pending join or leave application (only the owner sees them). */
export type Application = Team['applications'][number];
export type Person = Omit<Member, 'isAdmin'>;
export type MyApplication = NonNullable<MyTeam['myApplication']>;
export type MyTeam = team.responses.MyTeamView;
export type TeamSummary = team.responses.TeamSummary;
export type TeamSearchResult = team.responses.TeamSearchResult;
export type Invitations = team.responses.InvitationsView;
export type Invitation = team.responses.InvitationView;
export type InvitationCreated = team.responses.InvitationCreated;
export type InvitationPreview = team.responses.InvitationPreview;

export const teamTypes = ['buildTeam', 'joinTeam', 'myTeam'] as const;
export type TeamType = (typeof teamTypes)[number];
