import type { MessageKey } from '@sais/events';
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

const person = {
  userId: z.string(),
  name: z.string().describe('nickname, else username'),
  username: z.string(),
  email: z.string().nullable(),
  organization: z.string().nullable(),
  authStatus: z.string().describe('Not Verified, Processing or Verified'),
  deleted: z
    .boolean()
    .describe('the person closed their account and their data was deleted: names are blank'),
};
const application = z.object({
  applicationId: z.string(),
  kind: z.enum(['join', 'leave']),
  requestedAt: z.string(),
  ...person,
});
const myApplication = z
  .object({
    applicationId: z.string(),
    kind: z.enum(['join', 'leave']),
    teamId: z.string(),
    teamName: z.string(),
    requestedAt: z.string(),
  })
  .nullable();

export const teamView = z.object({
  teamId: z.string().nullable().describe('null for the single-person team of a participant without a team'),
  competitionId: z.string(),
  name: z.string(),
  solo: z.boolean(),
  disbanded: z.boolean(),
  ownerId: z.string(),
  members: z.array(z.object({ ...person, isAdmin: z.boolean() })),
  applications: z
    .array(application)
    .describe('pending join and leave applications; only the owner sees them'),
});

export const myTeamView = z.object({
  competitionId: z.string(),
  signedUp: z.boolean(),
  teamSizeLimit: z.number(),
  attemptsTotal: z.number(),
  attemptsLeft: z
    .number()
    .describe("for 'You only have N times to organize a team' (catalogue key teamAttemptsLeft)"),
  teamMergeDeadline: z.string().nullable(),
  changesOpen: z.boolean(),
  team: teamView.nullable().describe('null until signed up'),
  myApplication,
});

export const applicationsView = z.object({ incoming: z.array(application), mine: myApplication });

export const teamSummary = z.object({
  teamId: z.string(),
  competitionId: z.string(),
  name: z.string(),
  ownerName: z.string(),
  memberCount: z.number(),
  teamSizeLimit: z.number(),
  disbanded: z.boolean(),
});
