import { z } from 'zod';
import { defineEvent } from '../define.ts';

const aggregate = 'team.team';
const id = z.uuid();
/** Every team event names its team and competition, so consumers (inbox, scoring) need no team state. */
const base = { teamId: id, competitionId: id };
/** Carried where a notice names the team, so the inbox needs no team mirror. */
const teamName = z.string().min(1).max(30);
const application = { ...base, applicationId: id, accountId: id, ownerId: id, teamName };
const decision = { ...application, decidedBy: id };

export const TeamCreated = defineEvent({
  type: 'team.TeamCreated',
  version: 1,
  meaning:
    'A signed-up participant formed a named team in a competition and owns it; it used one team-forming attempt.',
  aggregate,
  data: z.object({ ...base, ownerId: id, name: teamName }),
});

export const TeamRenamed = defineEvent({
  type: 'team.TeamRenamed',
  version: 1,
  meaning: 'The owner gave the team a new name.',
  aggregate,
  data: z.object({ ...base, name: teamName }),
});

export const TeamDisbanded = defineEvent({
  type: 'team.TeamDisbanded',
  version: 1,
  meaning: 'The owner dissolved the team: every member competes alone again and pending applications lapse.',
  aggregate,
  data: z.object({ ...base, ownerId: id, teamName, memberIds: z.array(id), lapsedApplicantIds: z.array(id) }),
});

export const TeamDissolved = defineEvent({
  type: 'team.TeamDissolved',
  version: 1,
  meaning:
    'An operator dissolved the team with a reason: every member competes alone again, pending applications lapse, and everyone concerned is told why.',
  aggregate,
  data: z.object({
    ...base,
    ownerId: id,
    teamName,
    memberIds: z.array(id),
    lapsedApplicantIds: z.array(id),
    reason: z.string().min(1).max(500),
  }),
});

export const JoinRequested = defineEvent({
  type: 'team.JoinRequested',
  version: 1,
  meaning: 'A signed-up participant without a team asked to join the team; the owner decides.',
  aggregate,
  data: z.object(application),
});

export const JoinCancelled = defineEvent({
  type: 'team.JoinCancelled',
  version: 1,
  meaning: 'The applicant withdrew a pending application to join.',
  aggregate,
  data: z.object(application),
});

export const JoinAccepted = defineEvent({
  type: 'team.JoinAccepted',
  version: 1,
  meaning:
    'The owner agreed to a join application: the applicant is a member and used one team-forming attempt.',
  aggregate,
  data: z.object(decision),
});

export const JoinRejected = defineEvent({
  type: 'team.JoinRejected',
  version: 1,
  meaning: 'The owner refused a join application.',
  aggregate,
  data: z.object(decision),
});

export const LeaveRequested = defineEvent({
  type: 'team.LeaveRequested',
  version: 1,
  meaning: 'A member asked to leave the team; the owner decides.',
  aggregate,
  data: z.object(application),
});

export const LeaveCancelled = defineEvent({
  type: 'team.LeaveCancelled',
  version: 1,
  meaning: 'The member withdrew a pending application to leave.',
  aggregate,
  data: z.object(application),
});

export const LeaveAccepted = defineEvent({
  type: 'team.LeaveAccepted',
  version: 1,
  meaning: 'The owner agreed to a leave application: the member left and competes alone again.',
  aggregate,
  data: z.object(decision),
});

export const LeaveRejected = defineEvent({
  type: 'team.LeaveRejected',
  version: 1,
  meaning: 'The owner refused a leave application; the member stays.',
  aggregate,
  data: z.object(decision),
});

export const MemberRemoved = defineEvent({
  type: 'team.MemberRemoved',
  version: 1,
  meaning: 'The owner removed a member, who competes alone again.',
  aggregate,
  data: z.object({ ...base, accountId: id, ownerId: id, teamName }),
});

export const OwnershipTransferred = defineEvent({
  type: 'team.OwnershipTransferred',
  version: 1,
  meaning: 'The owner handed the team to another member, who now administers it.',
  aggregate,
  data: z.object({ ...base, fromId: id, toId: id, teamName }),
});

// Invitations (issue 35, decision 0035): the owner's standing agreement to let someone join, by a code.
const invitation = { ...base, invitationId: id };

export const InvitationCreated = defineEvent({
  type: 'team.InvitationCreated',
  version: 1,
  meaning:
    'The owner made an invitation code for the team: who holds it may join directly until it expires, is revoked or is used up. Only the SHA-256 of the code is kept.',
  aggregate,
  data: z.object({
    ...invitation,
    createdBy: id,
    codeHash: z.string().regex(/^[0-9a-f]{64}$/),
    expiresAt: z.iso.datetime(),
    maxUses: z.number().int().min(1),
  }),
});

export const InvitationRevoked = defineEvent({
  type: 'team.InvitationRevoked',
  version: 1,
  meaning: 'The owner revoked an invitation: its code lets nobody join any more.',
  aggregate,
  data: z.object({ ...invitation, revokedBy: id }),
});

export const InvitationUsed = defineEvent({
  type: 'team.InvitationUsed',
  version: 1,
  meaning:
    "A participant joined the team with an invitation's code; the JoinAccepted that follows (its applicationId is joinId, decided by the invitation's maker) seats them.",
  aggregate,
  data: z.object({ ...invitation, accountId: id, joinId: id }),
});

/** Every event of a team's stream (`events/test/registry.unit.test.ts` keeps the list whole): consumers narrow with it. */
export const teamEvents = [
  TeamCreated,
  TeamRenamed,
  TeamDisbanded,
  TeamDissolved,
  JoinRequested,
  JoinCancelled,
  JoinAccepted,
  JoinRejected,
  LeaveRequested,
  LeaveCancelled,
  LeaveAccepted,
  LeaveRejected,
  MemberRemoved,
  OwnershipTransferred,
  InvitationCreated,
  InvitationRevoked,
  InvitationUsed,
] as const;
