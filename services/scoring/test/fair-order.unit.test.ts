/**
 * The fair order of container runs (src/workers/fair-order.ts, decision 0038), for any arrivals: a team
 * once waiting is passed by each other team of its competition at most once (so by at most teams − 1 runs
 * of another team's burst), competitions that always wait are served in their weights' proportion, a
 * waiting competition is passed by a bounded number of others' runs, and nothing waits forever.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FairState,
  type WaitingRun,
  applyFair,
  emptyFairState,
  fairOrder,
  nextFair,
} from '../src/containers/fair-order.ts';

const competitions = ['c0', 'c1', 'c2'];

/** A script: arrivals (competition, team) and picks, in any interleaving. */
const script = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ c: fc.nat(2), t: fc.nat(4) }) },
    { weight: 2, arbitrary: fc.constant('pick' as const) },
  ),
  { maxLength: 300 },
);
const weightsOf = fc.tuple(
  fc.integer({ min: 1, max: 6 }),
  fc.integer({ min: 1, max: 6 }),
  fc.integer({ min: 1, max: 6 }),
);

interface Served {
  run: WaitingRun;
  /** The pick's index. */
  index: number;
}

/** Plays a script, then drains the queue; answers every pick in order. */
function play(steps: readonly ('pick' | { c: number; t: number })[], weights: readonly number[]) {
  let state: FairState = {
    ...emptyFairState(),
    weights: new Map(competitions.map((c, i) => [c, weights[i]!])),
  };
  const waiting: WaitingRun[] = [];
  const picks: Served[] = [];
  /** Per run: the picks made while it was waiting (indexes), from its arrival. */
  const arrivals = new Map<string, number>();
  let n = 0;
  const pick = () => {
    const step = nextFair(state, waiting);
    if (!step) return;
    waiting.splice(waiting.indexOf(step.run), 1);
    state = applyFair(state, step);
    picks.push({ run: step.run, index: picks.length });
  };
  for (const step of steps) {
    if (step === 'pick') pick();
    else {
      const run = {
        submissionId: `s${String(n).padStart(4, '0')}`,
        competitionId: competitions[step.c]!,
        teamId: `t${step.t}`,
        at: n++,
      };
      waiting.push(run);
      arrivals.set(run.submissionId, picks.length);
    }
  }
  while (waiting.length > 0) pick();
  return { picks, arrivals, total: n };
}

describe('the fair order of container runs', () => {
  it('serves every run exactly once (nothing is skipped forever)', () => {
    fc.assert(
      fc.property(script, weightsOf, (steps, weights) => {
        const { picks, total } = play(steps, weights);
        expect(picks).toHaveLength(total);
        expect(new Set(picks.map((p) => p.run.submissionId)).size).toBe(total);
      }),
      { numRuns: 300 },
    );
  });

  it('a waiting team is passed by each other team of its competition at most once (≤ teams − 1 runs)', () => {
    fc.assert(
      fc.property(script, weightsOf, (steps, weights) => {
        const { picks, arrivals } = play(steps, weights);
        const teamsOf = new Map<string, Set<string>>();
        for (const { run } of picks)
          teamsOf.set(run.competitionId, (teamsOf.get(run.competitionId) ?? new Set()).add(run.teamId));
        // For each team: from the moment it has a run waiting (its arrival, or its last service while more
        // wait) to its next service, the other teams' picks of its competition.
        for (const { run, index } of picks) {
          const key = `${run.competitionId}/${run.teamId}`;
          // The team waited since the later of this run's arrival and the team's previous service.
          const previous = picks
            .slice(0, index)
            .findLast((p) => `${p.run.competitionId}/${p.run.teamId}` === key);
          const since = Math.max(arrivals.get(run.submissionId)!, previous ? previous.index + 1 : 0);
          const passedBy = new Map<string, number>();
          for (const p of picks.slice(since, index))
            if (p.run.competitionId === run.competitionId && p.run.teamId !== run.teamId)
              passedBy.set(p.run.teamId, (passedBy.get(p.run.teamId) ?? 0) + 1);
          for (const count of passedBy.values()) expect(count).toBe(1);
          expect(passedBy.size).toBeLessThanOrEqual(teamsOf.get(run.competitionId)!.size - 1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a waiting competition is passed by at most ⌊w_other / w_own⌋ + 1 runs of each other competition', () => {
    fc.assert(
      fc.property(script, weightsOf, (steps, weights) => {
        const { picks, arrivals } = play(steps, weights);
        const weight = (c: string) => weights[competitions.indexOf(c)]!;
        for (const { run, index } of picks) {
          const previous = picks.slice(0, index).findLast((p) => p.run.competitionId === run.competitionId);
          // The competition waited since its earliest waiting run arrived or it was last served.
          const waitingSince = Math.min(
            ...picks
              .filter((p) => p.run.competitionId === run.competitionId && p.index >= index)
              .map((p) => arrivals.get(p.run.submissionId)!),
          );
          const since = Math.max(waitingSince, previous ? previous.index + 1 : 0);
          const others = new Map<string, number>();
          for (const p of picks.slice(since, index))
            others.set(p.run.competitionId, (others.get(p.run.competitionId) ?? 0) + 1);
          for (const [other, count] of others)
            expect(count).toBeLessThanOrEqual(Math.floor(weight(other) / weight(run.competitionId)) + 1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('competitions that always have runs waiting are served in their weights’ proportion', () => {
    fc.assert(
      fc.property(weightsOf, fc.integer({ min: 10, max: 400 }), (weights, n) => {
        // Every competition has more runs waiting than will be picked.
        const waiting: WaitingRun[] = competitions.flatMap((competitionId) =>
          Array.from({ length: n }, (_, i) => ({
            submissionId: `${competitionId}-${String(i).padStart(4, '0')}`,
            competitionId,
            teamId: `t${i % 4}`,
            at: i,
          })),
        );
        const state = { ...emptyFairState(), weights: new Map(competitions.map((c, i) => [c, weights[i]!])) };
        const order = fairOrder(state, waiting, n);
        const served = competitions.map((c) => order.filter((run) => run.competitionId === c).length);
        for (let i = 0; i < 3; i++)
          for (let j = 0; j < 3; j++)
            expect(Math.abs(served[i]! / weights[i]! - served[j]! / weights[j]!)).toBeLessThanOrEqual(
              1 / weights[i]! + 1 / weights[j]! + 1e-9,
            );
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic: the same state and runs in any order give the same choice', () => {
    fc.assert(
      fc.property(script, weightsOf, fc.integer(), (steps, weights, seed) => {
        const { picks } = play(steps, weights);
        const runs = picks.map((p) => p.run);
        const shuffled = [...runs].sort(
          (a, b) => ((a.at * 2654435761 + seed) % 97) - ((b.at * 2654435761 + seed) % 97),
        );
        const state = { ...emptyFairState(), weights: new Map(competitions.map((c, i) => [c, weights[i]!])) };
        expect(fairOrder(state, shuffled)).toEqual(fairOrder(state, runs));
      }),
      { numRuns: 200 },
    );
  });

  it('example: one team’s burst of eight does not hold back three other teams of its competition', () => {
    const runs: WaitingRun[] = [
      ...Array.from({ length: 8 }, (_, i) => ({
        submissionId: `b${i}`,
        competitionId: 'c0',
        teamId: 'burst',
        at: i,
      })),
      { submissionId: 'x', competitionId: 'c0', teamId: 'x', at: 10 },
      { submissionId: 'y', competitionId: 'c0', teamId: 'y', at: 11 },
      { submissionId: 'z', competitionId: 'c1', teamId: 'z', at: 12 },
    ];
    const order = fairOrder(emptyFairState(), runs).map((run) => run.submissionId);
    expect(order.slice(0, 6)).toEqual(['b0', 'z', 'x', 'y', 'b1', 'b2']);
  });
});
