/**
 * The fair order of container runs (src/workers/fair-order.ts, decision 0038), for any arrivals: a team
 * once waiting is passed by each other team of its competition at most once (so by at most teams − 1 runs
 * of another team's burst), competitions that always wait are served in their weights' proportion, a
 * waiting competition is passed by a bounded number of others' runs, and nothing waits forever. Runs are
 * charged by their declared seconds and given back what they did not use: competitions that always wait
 * get run-seconds in their weights' proportion, whatever their runs' lengths, on a simulated clock.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChargedRun,
  type FairState,
  type WaitingRun,
  RECENT_RUNS,
  STRIDE,
  applyFair,
  emptyFairState,
  estimateSeconds,
  fairOrder,
  nextFair,
  refundOf,
  settleFair,
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

/** Plays a script on one slot, then drains the queue; answers every pick in order. */
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
  // One slot: each run is over (and settled, using what it was charged) before the next choice.
  const pick = () => {
    const step = nextFair(state, waiting);
    if (!step) return;
    waiting.splice(waiting.indexOf(step.run), 1);
    state = applyFair(state, step);
    const seconds = step.run.seconds ?? 1;
    state = settleFair(state, [
      {
        submissionId: step.run.submissionId,
        competitionId: step.run.competitionId,
        charge: step.charge,
        seconds,
        declared: seconds,
        usedSeconds: seconds,
      },
    ]);
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

  it('one slot: a waiting competition is passed by at most ⌊w_other / w_own⌋ + 1 runs of each other one', () => {
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

  /**
   * Plays `slots` runners on a simulated clock over two competitions that always have runs waiting: each
   * run declares 1–maxSeconds and uses any part of it (each competition's runs take their lengths in
   * turn from its own list); each choice charges the estimate from the competition's last finished runs,
   * and a run's end is settled at the next choice, as takeNextFair does. Answers, at every choice, each competition's run-seconds so far (finished runs'
   * whole time, running ones' time up to now).
   */
  function playSeconds(
    slots: number,
    weights: readonly [number, number],
    lengths: readonly (readonly { declared: number; used: number }[])[],
    choices: number,
  ) {
    const ids = ['a', 'b'];
    let state: FairState = { ...emptyFairState(), weights: new Map(ids.map((c, i) => [c, weights[i]!])) };
    const waiting: WaitingRun[] = [];
    const used = new Map<string, number>();
    let n = 0;
    const arrived = [0, 0];
    const arrive = (competitionId: string) => {
      const own = lengths[ids.indexOf(competitionId)]!;
      const length = own[arrived[ids.indexOf(competitionId)]!++ % own.length]!;
      const run = { submissionId: `r${n}`, competitionId, teamId: 't', at: n, declared: length.declared };
      used.set(run.submissionId, Math.min(length.used, length.declared));
      n++;
      waiting.push(run);
    };
    for (const c of ids) for (let i = 0; i < 2; i++) arrive(c);
    let now = 0;
    let over: ChargedRun[] = [];
    const running: { run: WaitingRun; start: number; end: number; charge: number }[] = [];
    const finished = new Map(ids.map((c) => [c, 0]));
    /** Each competition's finished runs' used seconds, in the order they were settled. */
    const history = new Map<string, number[]>(ids.map((c) => [c, []]));
    const samples: { now: number; seconds: number[] }[] = [];
    for (let choice = 0; choice < choices;) {
      while (running.length < slots) {
        state = settleFair(state, over);
        for (const run of over) history.get(run.competitionId)!.push(run.usedSeconds!);
        over = [];
        const priced = waiting.map((run) => ({
          ...run,
          seconds: estimateSeconds(history.get(run.competitionId)!.slice(-RECENT_RUNS), run.declared!),
        }));
        const step = nextFair(state, priced)!;
        waiting.splice(
          waiting.findIndex((run) => run.submissionId === step.run.submissionId),
          1,
        );
        state = applyFair(state, step);
        const ran = used.get(step.run.submissionId)!;
        running.push({ run: step.run, start: now, end: now + ran, charge: step.charge });
        arrive(step.run.competitionId);
        choice++;
        samples.push({
          now,
          seconds: ids.map(
            (c) =>
              finished.get(c)! +
              running.filter((r) => r.run.competitionId === c).reduce((sum, r) => sum + (now - r.start), 0),
          ),
        });
      }
      now = Math.min(...running.map((r) => r.end));
      for (let i = running.length - 1; i >= 0; i--) {
        const r = running[i]!;
        if (r.end > now) continue;
        finished.set(r.run.competitionId, finished.get(r.run.competitionId)! + (r.end - r.start));
        over.push({
          submissionId: r.run.submissionId,
          competitionId: r.run.competitionId,
          charge: r.charge,
          seconds: r.run.seconds!,
          declared: r.run.declared!,
          usedSeconds: r.end - r.start,
        });
        running.splice(i, 1);
      }
    }
    return samples;
  }

  const lengthsOf = (maxSeconds: number) =>
    fc.array(
      fc
        .record({
          declared: fc.integer({ min: 1, max: maxSeconds }),
          share: fc.double({ min: 0, max: 1, noNaN: true }),
        })
        .map(({ declared, share }) => ({ declared, used: Math.round(declared * share) })),
      { minLength: 1, maxLength: 30 },
    );

  it('competitions that always wait get run-seconds in their weights’ proportion, within slots + 1 longest runs', () => {
    const maxSeconds = 100;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 })),
        fc.tuple(lengthsOf(maxSeconds), lengthsOf(maxSeconds)),
        fc.integer({ min: 10, max: 400 }),
        (slots, weights, lengths, choices) => {
          for (const { seconds } of playSeconds(slots, weights, lengths, choices))
            expect(Math.abs(seconds[0]! / weights[0] - seconds[1]! / weights[1])).toBeLessThanOrEqual(
              (slots + 1) * maxSeconds + 1e-6,
            );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('example: short runs are not charged as long ones (one slot; a uses its 100 s, b 10 of its 100)', () => {
    // Charged by runs, b would get a tenth of a's time; charged by run-seconds both get about half.
    const samples = playSeconds(
      1,
      [1, 1],
      [[{ declared: 100, used: 100 }], [{ declared: 100, used: 10 }]],
      400,
    );
    const last = samples.at(-1)!;
    expect(last.now).toBeGreaterThan(5_000);
    expect(Math.abs(last.seconds[0]! - last.seconds[1]!)).toBeLessThanOrEqual(200);
  });

  it('a run given back whole (released, retried) leaves its competition first again', () => {
    fc.assert(
      fc.property(script, weightsOf, fc.integer({ min: 1, max: 3600 }), (steps, weights, seconds) => {
        // Any state a script reaches, then one more run of c1 waiting with `seconds` declared.
        const { picks } = play(steps, weights);
        let state: FairState = {
          ...emptyFairState(),
          weights: new Map(competitions.map((c, i) => [c, weights[i]!])),
        };
        for (const { run } of picks.slice(0, Math.floor(picks.length / 2)))
          state = applyFair(state, nextFair(state, [run])!);
        const waiting: WaitingRun[] = [
          ...picks.slice(Math.floor(picks.length / 2)).map((p) => p.run),
          { submissionId: 'x', competitionId: 'c1', teamId: 'tx', at: 1e9, seconds },
        ];
        const first = nextFair(state, waiting)!;
        const refunded = settleFair(applyFair(state, first), [
          {
            submissionId: first.run.submissionId,
            competitionId: first.run.competitionId,
            charge: first.charge,
            seconds: first.run.seconds ?? 1,
            declared: first.run.seconds ?? 1,
            usedSeconds: null,
          },
        ]);
        expect(nextFair(refunded, waiting)!.run.competitionId).toBe(first.run.competitionId);
      }),
      { numRuns: 200 },
    );
  });

  it('corrects a charge to the time used: back what it did not use, more if it ran longer, within its limit', () => {
    // Charged an estimate of 600 s of a declared 1,800.
    const run = {
      submissionId: 's',
      competitionId: 'c0',
      charge: 600 * STRIDE,
      seconds: 600,
      declared: 1800,
    };
    expect(refundOf({ ...run, usedSeconds: 150 })).toBe(450 * STRIDE);
    expect(refundOf({ ...run, usedSeconds: 0 })).toBe(600 * STRIDE);
    expect(refundOf({ ...run, usedSeconds: 900 })).toBe(-300 * STRIDE);
    expect(refundOf({ ...run, usedSeconds: 5000 })).toBe(-1200 * STRIDE);
    expect(refundOf({ ...run, usedSeconds: null })).toBe(600 * STRIDE);
    const charged = applyFair(
      emptyFairState(),
      nextFair(emptyFairState(), [
        { submissionId: 's', competitionId: 'c0', teamId: 't', at: 0, seconds: 600, declared: 1800 },
      ])!,
    );
    expect(charged.passes.get('c0')).toBe(600 * STRIDE);
    expect(settleFair(charged, [{ ...run, usedSeconds: 150 }]).passes.get('c0')).toBe(150 * STRIDE);
    expect(settleFair(charged, [{ ...run, usedSeconds: 900 }]).passes.get('c0')).toBe(900 * STRIDE);
  });

  it('estimates a run from its competition’s last runs, within 1 s and its declared limit', () => {
    expect(estimateSeconds([], 1800)).toBe(1800);
    expect(estimateSeconds([100, 300], 1800)).toBe(200);
    expect(estimateSeconds([100, 300], 150)).toBe(150);
    expect(estimateSeconds([0, 0], 1800)).toBe(1);
  });

  it('example: a competition back from idle is not set behind another’s estimates in flight', () => {
    // a's first three runs are charged their declared 1,800 s (no history yet): its pass and the virtual
    // time run far ahead of what the runs will use. b arrives then: it starts from a's pass without those
    // charges (0), not from the virtual time (3,600 s), so it is served next, charged its own estimate.
    let state: FairState = emptyFairState();
    for (let i = 0; i < 3; i++)
      state = applyFair(
        state,
        nextFair(state, [{ submissionId: `a${i}`, competitionId: 'a', teamId: 't', at: i, seconds: 1800 }])!,
      );
    expect(state.vtime).toBe(3600 * STRIDE);
    const step = nextFair(state, [
      { submissionId: 'a3', competitionId: 'a', teamId: 't', at: 3, seconds: 1800 },
      { submissionId: 'b0', competitionId: 'b', teamId: 'u', at: 4, seconds: 1800 },
    ])!;
    expect(step.run.submissionId).toBe('b0');
    expect(step.pass).toBe(1800 * STRIDE);
  });
});
