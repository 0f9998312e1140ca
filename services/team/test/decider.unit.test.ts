import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@sais/kit/testing';
import type { TeamState } from '../src/domain/team-state.ts';
import { type TeamCommand, type TeamRules, decideTeam, foldTeam } from '../src/domain/team.ts';

const id = (n: number) => `0b4f6a8e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [teamId, competitionId, owner, alice, bob, app1, app2] = [1, 2, 3, 4, 5, 6, 7].map(id) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];
const teamName = 'Catalysts';
const base = { teamId, competitionId, ownerId: owner, teamName };
const created = { type: 'team.TeamCreated', data: { teamId, competitionId, ownerId: owner, name: teamName } };
const aliceAsks = { type: 'team.JoinRequested', data: { ...base, applicationId: app1, accountId: alice } };
const aliceJoined = {
  type: 'team.JoinAccepted',
  data: { ...base, applicationId: app1, accountId: alice, decidedBy: owner },
};
const open: TeamRules = { teamSizeLimit: 2, teamMergeDeadline: null, now: new Date('2026-03-01T00:00:00Z') };

const given = (history: { type: string; data: unknown }[], rules: TeamRules = open) =>
  deciderSpec<TeamCommand, TeamState, { type: string; data: unknown }>({
    fold: foldTeam,
    decide: (command, state) => decideTeam(command, state, rules),
  })(history);

describe('team decider', () => {
  it('creates a team owned by its creator', () => {
    given([])
      .when({ type: 'CreateTeam', teamId, competitionId, ownerId: owner, name: teamName })
      .then([created]);
  });
  it('refuses every change after the team-merge deadline', () => {
    const closed = { ...open, teamMergeDeadline: new Date('2026-02-01T00:00:00Z') };
    given([], closed)
      .when({ type: 'CreateTeam', teamId, competitionId, ownerId: owner, name: teamName })
      .thenThrows('teamChangesClosed');
    given([created], closed)
      .when({ type: 'RenameTeam', by: owner, name: 'New' })
      .thenThrows('teamChangesClosed');
  });
  it('lets only the owner rename, disband, decide, remove and transfer', () => {
    given([created, aliceAsks, aliceJoined])
      .when({ type: 'RenameTeam', by: alice, name: 'Mine' })
      .thenThrows('notTeamOwner');
    given([created]).when({ type: 'DisbandTeam', by: alice }).thenThrows('notTeamOwner');
    given([created, aliceAsks])
      .when({ type: 'DecideApplication', applicationId: app1, by: alice, agree: true })
      .thenThrows('notTeamOwner');
    given([created, aliceAsks, aliceJoined])
      .when({ type: 'RemoveMember', by: alice, accountId: owner })
      .thenThrows('notTeamOwner');
    given([created, aliceAsks, aliceJoined])
      .when({ type: 'TransferOwnership', by: alice, accountId: alice })
      .thenThrows('notTeamOwner');
  });
  it('renames only when the name changes', () => {
    given([created]).when({ type: 'RenameTeam', by: owner, name: teamName }).then([]);
    given([created])
      .when({ type: 'RenameTeam', by: owner, name: 'Yield' })
      .then([{ type: 'team.TeamRenamed', data: { teamId, competitionId, name: 'Yield' } }]);
  });
  it('takes join applications only while there is room', () => {
    given([created]).when({ type: 'RequestJoin', applicationId: app1, accountId: alice }).then([aliceAsks]);
    given([created, aliceAsks, aliceJoined])
      .when({ type: 'RequestJoin', applicationId: app2, accountId: bob })
      .thenThrows('teamFull');
    given([created, aliceAsks])
      .when({ type: 'RequestJoin', applicationId: app2, accountId: alice })
      .thenThrows('teamApplicationPending');
  });
  it('refuses to accept into a full team but may still reject', () => {
    const bobAsks = { type: 'team.JoinRequested', data: { ...base, applicationId: app2, accountId: bob } };
    given([created, aliceAsks, bobAsks, aliceJoined])
      .when({ type: 'DecideApplication', applicationId: app2, by: owner, agree: true })
      .thenThrows('teamFull');
    given([created, aliceAsks, bobAsks, aliceJoined])
      .when({ type: 'DecideApplication', applicationId: app2, by: owner, agree: false })
      .then([
        {
          type: 'team.JoinRejected',
          data: { ...base, applicationId: app2, accountId: bob, decidedBy: owner },
        },
      ]);
  });
  it('lets only the applicant cancel, and only a pending application', () => {
    given([created, aliceAsks])
      .when({ type: 'CancelApplication', applicationId: app1, by: bob })
      .thenThrows('notTeamMember');
    given([created, aliceAsks, aliceJoined])
      .when({ type: 'CancelApplication', applicationId: app1, by: alice })
      .thenThrows('teamApplicationNotFound');
    given([created, aliceAsks])
      .when({ type: 'CancelApplication', applicationId: app1, by: alice })
      .then([{ type: 'team.JoinCancelled', data: { ...base, applicationId: app1, accountId: alice } }]);
  });
  it('lets a member ask to leave, the owner decide, but never the owner leave', () => {
    const leave = { type: 'team.LeaveRequested', data: { ...base, applicationId: app2, accountId: alice } };
    given([created, aliceAsks, aliceJoined])
      .when({ type: 'RequestLeave', applicationId: app2, accountId: alice })
      .then([leave]);
    given([created])
      .when({ type: 'RequestLeave', applicationId: app2, accountId: owner })
      .thenThrows('ownerCannotLeave');
    given([created])
      .when({ type: 'RequestLeave', applicationId: app2, accountId: bob })
      .thenThrows('notTeamMember');
    const accepted = {
      type: 'team.LeaveAccepted',
      data: { ...base, applicationId: app2, accountId: alice, decidedBy: owner },
    };
    given([created, aliceAsks, aliceJoined, leave])
      .when({ type: 'DecideApplication', applicationId: app2, by: owner, agree: true })
      .then([accepted]);
    expect(foldTeam([created, aliceAsks, aliceJoined, leave, accepted])).toMatchObject({
      members: [owner],
      applications: [],
    });
  });
  it('transfers ownership to a member only', () => {
    given([created, aliceAsks, aliceJoined])
      .when({ type: 'TransferOwnership', by: owner, accountId: alice })
      .then([
        {
          type: 'team.OwnershipTransferred',
          data: { teamId, competitionId, teamName, fromId: owner, toId: alice },
        },
      ]);
    given([created])
      .when({ type: 'TransferOwnership', by: owner, accountId: bob })
      .thenThrows('notTeamMember');
  });
  it('disbands with every member and lapses pending join applications; a disbanded team takes no more commands', () => {
    const disbanded = {
      type: 'team.TeamDisbanded',
      data: { ...base, memberIds: [owner], lapsedApplicantIds: [alice] },
    };
    given([created, aliceAsks]).when({ type: 'DisbandTeam', by: owner }).then([disbanded]);
    given([created, aliceAsks, disbanded])
      .when({ type: 'RequestJoin', applicationId: app2, accountId: bob })
      .thenThrows('teamDisbandedAlready');
    given([]).when({ type: 'DisbandTeam', by: owner }).thenThrows('teamNotFound');
  });
});

describe('team decider: an operator’s dissolution (issue 19)', () => {
  it('dissolves a team the operator is not in, and refuses one they are in', () => {
    given([created])
      .when({ type: 'DissolveTeam', by: bob, reason: 'shared files' })
      .then([
        {
          type: 'team.TeamDissolved',
          data: { ...base, memberIds: [owner], lapsedApplicantIds: [], reason: 'shared files' },
        },
      ]);
    given([created, aliceAsks, aliceJoined])
      .when({ type: 'DissolveTeam', by: alice, reason: 'mine' })
      .thenThrows('teamOwnDecision');
  });
});
