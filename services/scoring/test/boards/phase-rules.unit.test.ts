/**
 * Final means final (issue 30, decision 0025), as properties of the pure deciders: any interleaving of
 * submissions, scoring, phase changes (an operator opening or closing the phase, the clock passing its
 * end), proposals, approvals and withdrawals by any operators (the same one twice included) never
 * publishes while the phase is open or has not ended, and leaves a published board unchanged.
 */
import { decideCompetition, evolveCompetition, foldCompetition } from '@sais/competition';
import { competition as C, scoring } from '@sais/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admissionPhase } from '../../src/submissions/index.ts';
import { decidePublication, foldPublication, type PublicationEvent } from '../../src/boards/publication.ts';
import { bestFirst } from '../../src/boards/ranking.ts';
import { finalCandidates } from '../../src/boards/projection.ts';

const competitionId = '0b4f6a8e-0000-4000-8000-000000000001';
const phase = 'preliminary';
const hour = 3_600_000;
const startsAt = new Date('2027-03-24T00:00:00Z');
const endsAt = new Date(startsAt.getTime() + 48 * hour);
const operators = ['op-a', 'op-b', 'op-c'].map(
  (name) => `0b4f6a8e-0000-4000-8000-0000000${name.slice(-1)}0000`,
);
const teams = ['t1', 't2', 't3'];

type Step =
  | { kind: 'submit'; team: string; publicScore: number; privateScore: number }
  | { kind: 'score' }
  | { kind: 'open' | 'close' }
  | { kind: 'advance'; hours: number }
  | { kind: 'propose' | 'approve' | 'withdraw'; by: number };

const score = fc.double({ min: 0, max: 100, noNaN: true });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      team: fc.constantFrom(...teams),
      publicScore: score,
      privateScore: score,
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'score' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('open' as const, 'close' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 40 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('propose' as const, 'approve' as const, 'withdraw' as const),
      by: fc.integer({ min: 0, max: operators.length - 1 }),
    }),
  },
);

interface Submission {
  id: string;
  team: string;
  publicScore: number;
  privateScore: number;
  submittedAt: Date;
  status: 'Waiting' | 'Completed';
}

/** The private board as the projection ranks it: per team, the best private score of its final candidates. */
function privateBoard(submissions: readonly Submission[]) {
  const byPrivate = bestFirst<{
    private_score: number | null;
    submitted_at: Date;
    metric: string;
    submission_id: string;
  }>({
    metric: (c) => c.metric,
    score: (c) => c.private_score,
    submittedAt: (c) => c.submitted_at,
    key: (c) => c.submission_id,
  });
  const rows = teams.flatMap((team) => {
    const candidates = submissions
      .filter((s) => s.team === team && s.status === 'Completed')
      .map((s) => ({
        submission_id: s.id,
        metric: 'rmse',
        public_score: s.publicScore,
        private_score: s.privateScore,
        submitted_at: s.submittedAt,
      }));
    const best = finalCandidates(candidates, undefined).sort(byPrivate)[0];
    return best ? [{ team, submissionId: best.submission_id, score: best.private_score! }] : [];
  });
  return rows.sort((a, b) => a.score - b.score || a.team.localeCompare(b.team));
}

/** An oracle written apart from the code under test: is the phase over at `now`? */
function overAt(window: C.PhaseWindow, now: Date) {
  if (window.override === 'open') return false;
  if (window.override === 'closed') return true;
  return now.getTime() >= new Date(window.endsAt).getTime();
}

function run(steps: readonly Step[], clockStart: Date) {
  const system = { actor: { userId: null, role: 'system' as const } };
  void system;
  let competition = foldCompetition([
    {
      type: C.CompetitionCreated.type,
      data: { competitionId, settings: { timeZone: 'Asia/Shanghai' } },
    },
    {
      type: C.PhaseScheduled.type,
      data: { competitionId, phase, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
    },
  ]);
  let now = clockStart;
  const publication: PublicationEvent[] = [];
  let publishedBoard: ReturnType<typeof privateBoard> | null = null;
  const submissions: Submission[] = [];
  const windowNow = (): C.PhaseWindow => {
    if (competition.status !== 'exists') throw new Error('no competition');
    return competition.phases.preliminary!;
  };
  for (const [index, next] of steps.entries()) {
    switch (next.kind) {
      case 'submit': {
        try {
          const admitted = admissionPhase({ preliminary: windowNow() }, publishedBoard ? [phase] : [], now);
          expect(admitted).toBe(phase);
          submissions.push({
            id: `s${index}`,
            team: next.team,
            publicScore: next.publicScore,
            privateScore: next.privateScore,
            submittedAt: now,
            status: 'Waiting',
          });
        } catch (error) {
          expect((error as { messageKey: string }).messageKey).toMatch(
            /^(noOpenPhase|phaseResultsPublished)$/,
          );
        }
        break;
      }
      case 'score': {
        const waiting = submissions.find((s) => s.status === 'Waiting');
        if (waiting) waiting.status = 'Completed';
        break;
      }
      case 'open':
      case 'close': {
        const command = {
          type: next.kind === 'open' ? ('OpenPhase' as const) : ('ClosePhase' as const),
          phase,
        } as const;
        for (const event of decideCompetition(command, competition))
          competition = evolveCompetition(competition, event);
        break;
      }
      case 'advance':
        now = new Date(now.getTime() + next.hours * hour);
        break;
      default: {
        const by = operators[next.by]!;
        const command =
          next.kind === 'propose'
            ? ({
                type: 'Propose',
                competitionId,
                phase,
                proposalId: `p${index}`,
                by,
                reason: 'checked',
                sealDigest: null,
              } as const)
            : ({ type: next.kind === 'approve' ? 'Approve' : 'Withdraw', by, reason: 'checked' } as const);
        const window = windowNow();
        let events: PublicationEvent[] = [];
        try {
          events = decidePublication(command, foldPublication(publication), {
            published: publishedBoard !== null,
            competition: { timeZone: 'Asia/Shanghai', phase: window },
            now,
            pending: submissions.filter((s) => s.status === 'Waiting').length,
          });
        } catch (error) {
          expect((error as { messageKey: string }).messageKey).toMatch(
            /^(resultsFinal|publicationPending|publicationNotProposed|ownProposal|publicationBeforePhaseEnd|publicationBeforePhaseClosed|publicationScoringUnfinished)$/,
          );
        }
        publication.push(...events);
        if (events.some((event) => event.type === scoring.PublicationApproved.type)) {
          // Never while the phase is open or before it has ended; never by the proposer alone.
          expect(C.phaseIsOpen(window, now)).toBe(false);
          expect(overAt(window, now)).toBe(true);
          const approved = events[0]!.data as { proposedBy: string; approvedBy: string };
          expect(approved.approvedBy).not.toBe(approved.proposedBy);
          expect(publishedBoard).toBeNull();
          publishedBoard = privateBoard(submissions);
        }
      }
    }
    // Once published, the board is the one published, whatever came after.
    if (publishedBoard) expect(privateBoard(submissions)).toEqual(publishedBoard);
  }
  return { published: publishedBoard !== null };
}

describe('final means final: any interleaving at the decider level', () => {
  it('never publishes while the phase is open, and leaves a published board unchanged', () => {
    let published = 0;
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: -24, max: 72 }),
        (steps, startOffsetHours) => {
          if (run(steps, new Date(startsAt.getTime() + startOffsetHours * hour)).published) published += 1;
        },
      ),
      { numRuns: 2000 },
    );
    // The property is not vacuous: many runs got as far as a publication.
    expect(published).toBeGreaterThan(20);
  });

  it('after publication, a submission is refused even if an operator opens the phase again', () => {
    const steps: Step[] = [
      { kind: 'advance', hours: 30 },
      { kind: 'submit', team: 't1', publicScore: 1, privateScore: 2 },
      { kind: 'score' },
      { kind: 'close' },
      { kind: 'propose', by: 0 },
      { kind: 'approve', by: 0 },
      { kind: 'approve', by: 1 },
      { kind: 'open' },
      { kind: 'submit', team: 't2', publicScore: 0, privateScore: 0 },
      { kind: 'score' },
    ];
    expect(run(steps, startsAt).published).toBe(true);
    expect(() =>
      admissionPhase(
        { preliminary: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), override: 'open' } },
        [phase],
        endsAt,
      ),
    ).toThrow('phaseResultsPublished');
  });
});
