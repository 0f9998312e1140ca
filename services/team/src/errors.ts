import { errorCodes, teamCodes } from '@sais/events';
import { AppError } from '@sais/kit/errors';

export { teamCodes } from '@sais/events';

/** Domain failures of the team service, one constructor each so deciders stay readable. */
export const teamErrors = {
  teamNotFound: () => new AppError(teamCodes.teamNotFound, 'teamNotFound', 404),
  competitionNotFound: () => new AppError(teamCodes.competitionNotFound, 'teamCompetitionNotFound', 404),
  notSignedUp: () => new AppError(teamCodes.notSignedUp, 'teamNotSignedUp', 400),
  alreadyInTeam: () => new AppError(teamCodes.alreadyInTeam, 'alreadyInTeam', 409),
  applicantInTeam: () => new AppError(teamCodes.applicantInTeam, 'applicantInTeam', 409),
  applicationPending: () => new AppError(teamCodes.applicationPending, 'teamApplicationPending', 409),
  applicationNotFound: () => new AppError(teamCodes.applicationNotFound, 'teamApplicationNotFound', 404),
  teamFull: () => new AppError(teamCodes.teamFull, 'teamFull', 409),
  attemptsExhausted: () => new AppError(teamCodes.attemptsExhausted, 'teamAttemptsExhausted', 409),
  changesClosed: () => new AppError(teamCodes.changesClosed, 'teamChangesClosed', 409),
  ownerCannotLeave: () => new AppError(teamCodes.ownerCannotLeave, 'ownerCannotLeave', 400),
  teamDisbanded: () => new AppError(teamCodes.teamDisbanded, 'teamDisbandedAlready', 409),
  mergeExceedsSubmissions: (data: { used: number; allowed: number }) =>
    new AppError(teamCodes.mergeExceedsSubmissions, 'teamMergeExceedsSubmissions', 409, { data }),
  dissolveReasonRequired: () =>
    new AppError(teamCodes.dissolveReasonRequired, 'dissolveReasonRequired', 400, {
      data: { field: 'reason' },
    }),
  ownTeamDecision: () => new AppError(teamCodes.ownTeamDecision, 'teamOwnDecision', 403),
  invitationNotFound: () => new AppError(teamCodes.invitationNotFound, 'teamInvitationNotFound', 404),
  invitationExpired: () => new AppError(teamCodes.invitationExpired, 'teamInvitationExpired', 410),
  invitationRevoked: () => new AppError(teamCodes.invitationRevoked, 'teamInvitationRevoked', 410),
  invitationUsedUp: () => new AppError(teamCodes.invitationUsedUp, 'teamInvitationUsedUp', 410),
  invitationsLimit: (limit: number) =>
    new AppError(teamCodes.invitationsLimit, 'teamInvitationsLimit', 409, { data: { limit } }),
  invitationsTotalLimit: (limit: number) =>
    new AppError(teamCodes.invitationsTotalLimit, 'teamInvitationsTotalLimit', 409, { data: { limit } }),
  // Role failures keep the platform's 403 body code (the portal treats them alike), with a specific text.
  notOwner: () => new AppError(errorCodes.forbidden, 'notTeamOwner', 403),
  notMember: () => new AppError(errorCodes.forbidden, 'notTeamMember', 403),
};
