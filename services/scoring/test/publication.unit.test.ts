import { describe, expect, it } from 'vitest';
import { type PublicationCommand, decidePublication, foldPublication } from '../src/domain/publication.ts';

const competitionId = '0b4f6a8e-0000-4000-8000-000000000001';
const proposalId = '0b4f6a8e-0000-4000-8000-000000000002';
const alice = '0b4f6a8e-0000-4000-8000-00000000000a';
const bob = '0b4f6a8e-0000-4000-8000-00000000000b';
const phase = 'preliminary';
const proposed = {
  type: 'scoring.PublicationProposed',
  data: {
    competitionId,
    phase,
    proposalId,
    proposedBy: alice,
    reason: 'checked',
    sealDigest: 'ab'.repeat(32),
  },
};
const propose: PublicationCommand = {
  type: 'Propose',
  competitionId,
  phase,
  proposalId,
  by: alice,
  reason: 'checked',
  sealDigest: 'ab'.repeat(32),
};

const given = (history: { type: string; data: unknown }[], published = false) => ({
  when: (command: PublicationCommand) => () =>
    decidePublication(command, foldPublication(history), { published }),
});

describe('two people for final results', () => {
  it('records a proposal, then another operator’s approval', () => {
    expect(given([]).when(propose)()).toEqual([proposed]);
    expect(given([proposed]).when({ type: 'Approve', by: bob, reason: 'agreed' })()).toEqual([
      {
        type: 'scoring.PublicationApproved',
        data: { competitionId, phase, proposalId, proposedBy: alice, approvedBy: bob, reason: 'agreed' },
      },
    ]);
  });
  it('refuses the proposer approving their own proposal', () => {
    expect(given([proposed]).when({ type: 'Approve', by: alice, reason: 'me' })).toThrow('ownProposal');
  });
  it('refuses a second proposal while one waits, and an approval without one', () => {
    expect(given([proposed]).when(propose)).toThrow('publicationPending');
    expect(given([]).when({ type: 'Approve', by: bob, reason: 'x' })).toThrow('publicationNotProposed');
  });
  it('lets either operator withdraw before the approval; then nothing is left to approve', () => {
    const withdrawn = given([proposed]).when({ type: 'Withdraw', by: bob, reason: 'wrong phase' })();
    expect(withdrawn).toEqual([
      {
        type: 'scoring.PublicationWithdrawn',
        data: { competitionId, phase, proposalId, withdrawnBy: bob, reason: 'wrong phase' },
      },
    ]);
    expect(given([proposed, ...withdrawn]).when({ type: 'Approve', by: bob, reason: 'x' })).toThrow(
      'publicationNotProposed',
    );
    expect(given([proposed, ...withdrawn]).when(propose)()).toHaveLength(1);
  });
  it('changes nothing once the phase is published', () => {
    expect(given([], true).when(propose)).toThrow('resultsFinal');
    expect(given([proposed], true).when({ type: 'Withdraw', by: alice, reason: 'x' })).toThrow(
      'resultsFinal',
    );
  });
});
