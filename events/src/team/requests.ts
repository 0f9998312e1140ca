/**
 * Request bodies and queries of team's routes, shared by the routes (which validate with them) and the
 * clients (portal, console, CLI), which infer their types from them (issue 20).
 */
import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { optionalReasonBody } from '../requests.ts';

const message = (key: MessageKey) => ({ message: key });
const id = z.uuid(message('invalidRequest'));

/** The longest team name (after trimming). */
export const teamNameMaxLength = 30;

/** A team name: trimmed, 1 to 30 characters; an empty one answers with the spec §5 message given. */
const teamName = (required: MessageKey) =>
  z
    .string(message(required))
    .trim()
    .min(1, message(required))
    .max(teamNameMaxLength, message('teamNameTooLong'));

/** `GET /api/team/myTeam`, `GET /api/team/list`. */
export const competitionQuery = z.object({ competitionId: id });
/** `GET /api/team/detail`. */
export const teamQuery = z.object({ teamId: id });
/** `POST /api/team/create`. */
export const createTeam = z.object({ competitionId: id, name: teamName('teamNameRequired') });
/** `POST /api/team/rename`. */
export const renameTeam = z.object({ teamId: id, name: teamName('newTeamNameRequired') });
/** `POST /api/team/disband`, `/apply`, `/applyLeave`. */
export const teamBody = z.object({ teamId: id });
/** `POST /api/team/cancelApplication`. */
export const applicationBody = z.object({ applicationId: id });
/** `POST /api/team/handleApplication`. */
export const handleApplication = z.object({ applicationId: id, agree: z.boolean(message('invalidRequest')) });
/** `POST /api/team/removeMember`, `/transferOwner`. */
export const memberBody = z.object({ teamId: id, userId: id });
/** `POST /api/admin/teams/:id/dissolve` (the handler refuses a missing reason with its own message). */
export const dissolveTeam = optionalReasonBody;

/** Invitations (decision 0035): how long one lasts and how many may join with it. */
export const invitationLimits = {
  /** Hours an invitation lasts: 1 hour to 30 days, a week unless chosen. */
  hoursMin: 1,
  hoursMax: 720,
  hoursDefault: 168,
  /** Joins one invitation allows (the team's size limit stops it earlier). */
  usesMax: 20,
  /** Open invitations (not expired, revoked or used up) a team holds at once. */
  openMax: 5,
  /** Invitations one team may ever make (bounds its event stream). */
  totalMax: 100,
} as const;

/** An invitation code as the owner hands it out: 24 characters of base64url (144 random bits). */
export const invitationCode = z
  .string(message('teamInvitationNotFound'))
  .trim()
  .min(1, message('teamInvitationNotFound'))
  .max(64, message('teamInvitationNotFound'));

/** `POST /api/team/invitation/create`. */
export const createInvitation = z.object({
  teamId: id,
  hours: z
    .number(message('invalidRequest'))
    .int(message('invalidRequest'))
    .min(invitationLimits.hoursMin, message('invalidRequest'))
    .max(invitationLimits.hoursMax, message('invalidRequest'))
    .default(invitationLimits.hoursDefault),
  maxUses: z
    .number(message('invalidRequest'))
    .int(message('invalidRequest'))
    .min(1, message('invalidRequest'))
    .max(invitationLimits.usesMax, message('invalidRequest'))
    .optional()
    .describe('joins allowed; the free seats of the team when left out'),
});
/** `POST /api/team/invitation/revoke`. */
export const revokeInvitation = z.object({ teamId: id, invitationId: id });
/** `GET /api/team/invitations` (the owner's list). */
export const invitationsQuery = z.object({ teamId: id });
/** `GET /api/team/invitation` (what a code opens) and `POST /api/team/invitation/join`. */
export const invitationCodeBody = z.object({ code: invitationCode });

/** Team search by name within a competition (decision 0035): paged, at most 20 a page. */
export const teamSearchLimits = { queryMax: teamNameMaxLength, pageSizeMax: 20, pageMax: 50 } as const;
/** `GET /api/team/search`. */
export const teamSearch = z.object({
  competitionId: id,
  q: z
    .string(message('invalidRequest'))
    .trim()
    .min(1, message('invalidRequest'))
    .max(teamSearchLimits.queryMax, message('invalidRequest')),
  page: z.coerce
    .number(message('invalidRequest'))
    .int(message('invalidRequest'))
    .min(1, message('invalidRequest'))
    .max(teamSearchLimits.pageMax, message('invalidRequest'))
    .default(1),
  pageSize: z.coerce
    .number(message('invalidRequest'))
    .int(message('invalidRequest'))
    .min(1, message('invalidRequest'))
    .max(teamSearchLimits.pageSizeMax, message('invalidRequest'))
    .default(10),
});

export type CreateInvitation = z.input<typeof createInvitation>;
export type RevokeInvitation = z.input<typeof revokeInvitation>;
export type InvitationsQuery = z.input<typeof invitationsQuery>;
export type InvitationCodeBody = z.input<typeof invitationCodeBody>;
export type TeamSearch = z.input<typeof teamSearch>;
export type CompetitionQuery = z.input<typeof competitionQuery>;
export type TeamQuery = z.input<typeof teamQuery>;
export type CreateTeam = z.input<typeof createTeam>;
export type RenameTeam = z.input<typeof renameTeam>;
export type TeamBody = z.input<typeof teamBody>;
export type ApplicationBody = z.input<typeof applicationBody>;
export type HandleApplication = z.input<typeof handleApplication>;
export type MemberBody = z.input<typeof memberBody>;
