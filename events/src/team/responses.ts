/**
 * What the team calls answer (the `data` of their `{ code, message, data }`): the routes' response
 * schemas (they feed OpenAPI at /api/docs/json and the answer's serialization) and the types of the
 * `sais` client.
 */
import { z } from 'zod';

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

export type TeamView = z.infer<typeof teamView>;

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
export type TeamSummary = z.infer<typeof teamSummary>;
export type MyTeamView = z.infer<typeof myTeamView>;

/** `POST /api/team/create`: the new team, and the team-forming attempts left. */
export const teamCreated = z.object({ teamId: z.string(), attemptsLeft: z.number() });
export type TeamCreated = z.infer<typeof teamCreated>;

/** A team as the console lists it (`GET /api/admin/teams`). */
export const teamRecord = z.object({
  id: z.string(),
  competitionId: z.string(),
  name: z.string(),
  ownerId: z.string(),
  owner: z.string(),
  memberCount: z.number(),
  members: z.array(z.object({ ...person, isOwner: z.boolean() })),
  status: z.enum(['active', 'disbanded', 'dissolved']),
  dissolvedReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** An invitation as its team's owner sees it (`GET /api/team/invitations`); the code is shown once, at creation. */
export const invitationView = z.object({
  invitationId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  maxUses: z.number(),
  uses: z.number(),
  status: z.enum(['open', 'expired', 'revoked', 'usedUp']),
});
export type InvitationView = z.infer<typeof invitationView>;
export const invitationsView = z.object({
  open: z.number().describe('open invitations (the team holds at most invitationLimits.openMax)'),
  records: z.array(invitationView),
});
export type InvitationsView = z.infer<typeof invitationsView>;

/** `POST /api/team/invitation/create`: the code, shown this once (only its SHA-256 is kept). */
export const invitationCreated = invitationView.extend({ code: z.string() });
export type InvitationCreated = z.infer<typeof invitationCreated>;

/** What an invitation code opens (`GET /api/team/invitation`), before joining. */
export const invitationPreview = teamSummary.omit({ disbanded: true }).extend({ expiresAt: z.string() });
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** One team found by name (`GET /api/team/search`): what the team's own summary shows, no more. */
export const teamSearchResult = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  records: z.array(
    teamSummary
      .pick({ teamId: true, name: true, ownerName: true, memberCount: true, teamSizeLimit: true })
      .extend({ full: z.boolean() }),
  ),
});
export type TeamSearchResult = z.infer<typeof teamSearchResult>;
