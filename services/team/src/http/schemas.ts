import { team } from '@sais/events';

// What the team calls take and answer lives in `@sais/events` (`team.requests`, `team.responses`),
// shared with the portal, the console and the `sais` client (issue 20).
export const {
  competitionQuery,
  teamQuery,
  createTeam: createBody,
  renameTeam: renameBody,
  teamBody,
  applicationBody,
  handleApplication: handleBody,
  memberBody,
  dissolveTeam: dissolveBody,
  createInvitation,
  revokeInvitation,
  invitationsQuery,
  invitationCodeBody,
  teamSearch,
} = team.requests;
export const {
  teamView,
  myTeamView,
  applicationsView,
  teamSummary,
  teamRecord,
  invitationsView,
  invitationCreated,
  invitationPreview,
  teamSearchResult,
} = team.responses;
