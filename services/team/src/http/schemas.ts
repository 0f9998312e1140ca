import { type MessageKey, team } from '@sais/events';
import { z } from 'zod';

const message = (key: MessageKey) => ({ message: key });
const id = z.uuid(message('invalidRequest'));

/** A team name: trimmed, 1 to 30 characters; an empty one answers with the spec §5 message given. */
const teamName = (required: MessageKey) =>
  z.string(message(required)).trim().min(1, message(required)).max(30, message('teamNameTooLong'));

export const competitionQuery = z.object({ competitionId: id });
export const teamQuery = z.object({ teamId: id });
export const createBody = z.object({ competitionId: id, name: teamName('teamNameRequired') });
export const renameBody = z.object({ teamId: id, name: teamName('newTeamNameRequired') });
export const teamBody = z.object({ teamId: id });
export const applicationBody = z.object({ applicationId: id });
export const handleBody = z.object({ applicationId: id, agree: z.boolean(message('invalidRequest')) });
export const memberBody = z.object({ teamId: id, userId: id });

// What the team calls answer lives in `@sais/events` (`team.responses`), shared with the `sais` client.
export const { teamView, myTeamView, applicationsView, teamSummary, teamRecord } = team.responses;
