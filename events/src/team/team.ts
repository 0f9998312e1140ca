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
] as const;
