import { describe, expect, it } from 'vitest';
import {
  type PublicationCommand,
  type PublicationFacts,
  decidePublication,
  foldPublication,
} from '../../src/boards/publication.ts';

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

/** The preliminary phase ended yesterday; everything scored and on the board. */
const ended: Omit<PublicationFacts, 'published'> = {
  competition: {
    timeZone: 'Asia/Shanghai',
    phase: { startsAt: '2026-01-01T00:00:00Z', endsAt: '2026-02-01T00:00:00Z', override: null },
  },
  now: new Date('2026-02-02T00:00:00Z'),
  pending: 0,
};

const given = (
  history: { type: string; data: unknown }[],
  published = false,
  facts: Partial<Omit<PublicationFacts, 'published'>> = {},
) => ({
  when: (command: PublicationCommand) => () =>
    decidePublication(command, foldPublication(history), { published, ...ended, ...facts }),
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

describe('final means final (issue 30): only once the phase has ended', () => {
  const window = ended.competition!.phase!;
  const open = {
    competition: { ...ended.competition!, phase: window },
    now: new Date('2026-01-15T00:00:00Z'),
  };
  it('refuses a proposal and an approval while the phase is open, naming from when', () => {
    for (const command of [propose]) {
      const refusal = (() => {
        try {
          given([], false, open).when(command)();
        } catch (error) {
          return error as { code: number; messageKey: string; data: unknown };
        }
      })();
      expect(refusal).toMatchObject({
        code: 40050,
        messageKey: 'publicationBeforePhaseEnd',
        data: {
          phase,
          publishableFrom: '2026-02-01T00:00:00.000Z',
          publishableFromText: '2026-02-01 08:00 GMT+8 (Asia/Shanghai)',
        },
      });
    }
    expect(given([proposed], false, open).when({ type: 'Approve', by: bob, reason: 'x' })).toThrow(
      'publicationBeforePhaseEnd',
    );
    // Withdrawing stays possible.
    expect(given([proposed], false, open).when({ type: 'Withdraw', by: bob, reason: 'x' })()).toHaveLength(1);
  });
  it('refuses before the phase starts, while an operator holds it open, and for a phase or competition that is not there', () => {
    expect(given([], false, { now: new Date('2025-12-01T00:00:00Z') }).when(propose)).toThrow(
      'publicationBeforePhaseEnd',
    );
    const held = { competition: { ...ended.competition!, phase: { ...window, override: 'open' as const } } };
    expect(given([], false, held).when(propose)).toThrow('publicationBeforePhaseClosed');
    expect(given([], false, { competition: { ...ended.competition!, phase: null } }).when(propose)).toThrow(
      'publicationPhaseUnknown',
    );
    expect(given([], false, { competition: null }).when(propose)).toThrow('competitionUnknown');
  });
  it('lets an operator close the phase early, and waits for the board to stand still', () => {
    const closed = {
      competition: { ...ended.competition!, phase: { ...window, override: 'closed' as const } },
      now: new Date('2026-01-15T00:00:00Z'),
    };
    expect(given([], false, closed).when(propose)()).toEqual([proposed]);
    expect(given([proposed], false, { pending: 2 }).when({ type: 'Approve', by: bob, reason: 'x' })).toThrow(
      'publicationScoringUnfinished',
    );
  });
});
