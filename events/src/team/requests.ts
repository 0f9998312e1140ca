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

export type CompetitionQuery = z.input<typeof competitionQuery>;
export type TeamQuery = z.input<typeof teamQuery>;
export type CreateTeam = z.input<typeof createTeam>;
export type RenameTeam = z.input<typeof renameTeam>;
export type TeamBody = z.input<typeof teamBody>;
export type ApplicationBody = z.input<typeof applicationBody>;
export type HandleApplication = z.input<typeof handleApplication>;
export type MemberBody = z.input<typeof memberBody>;
