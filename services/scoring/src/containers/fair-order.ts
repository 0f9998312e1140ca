/**
 * The fair order of Waiting container runs (decision 0038): a pure function of the shared state and the
 * waiting runs, so every runner process (and the participant's queue position) computes the same choice.
 *
 * Across competitions: start-time fair queueing (weighted, the deficit round robin of equal-size runs).
 * Each competition has a virtual `pass`; the competition with the least pass among those with a waiting
 * run is served (ties: competition id), and its pass grows by the run's charge (below). A competition that
 * was idle is lifted first (below), so idling earns no credit to burst with later.
 * Within a competition: round robin across teams. The team served longest ago (never served first;
 * ties: its oldest waiting run) is served, its oldest waiting run first; serving stamps the team with the
 * queue's tick. A team that is waiting is therefore passed by each other team of its competition at most
 * once: no burst of another team holds it back more than (teams − 1) runs.
 *
 * Runs are charged by their time (deficit round robin on run-seconds). A run's length is known only when
 * it ends, so its choice charges an estimate: the mean time the competition's last `RECENT_RUNS` runs used,
 * within 1 s and the run's declared limit (its phase's `timeoutSeconds`, decision 0044; the declared limit
 * itself while the competition has no finished run): `STRIDE × seconds / weight`, written on the run. Once
 * the run is over (`settleFair`) the charge is corrected to the time it used (kept within its declared
 * limit): the difference is given back, or charged if it ran longer than the estimate; a run Waiting again
 * (released, retried) is given its whole charge back, since it is charged again when chosen. (Charging the
 * declared limit at the choice, the first design, held a competition of long runs back while each was in
 * flight: with 1,800 s declared and 300 s used, the other competition took twice its share.)
 * Only a competition that comes back from idle (no run waiting at the previous choice) is lifted: to the
 * virtual time (the start of the last served) or, if lower, to the least pass of those that kept runs
 * waiting less their charges in flight (so estimates that will turn out too high do not set it behind
 * them). One that kept runs waiting keeps its refunds, so its share of run-seconds does not erode
 * (lifting every pass below the virtual time lost each refund's credit, and the lag grew without bound),
 * while idling still earns nothing. The refunds a competition holds are at most its runs' charges in
 * flight, so the credit it can spend at once is bounded by the slots.
 */

/**
 * What one run-second of weight 1 costs in passes. Charges and refunds are rounded to whole numbers, so
 * passes stay exact in float8 (2^53 ≈ 285 years of run-seconds at weight 1).
 */
export const STRIDE = 1_000_000;
export const MIN_WEIGHT = 1;
export const MAX_WEIGHT = 100;
export const DEFAULT_WEIGHT = 1;

export interface WaitingRun {
  submissionId: string;
  competitionId: string;
  teamId: string;
  /** When it was submitted (ms): the order within a team. */
  at: number;
  /** What its choice charges, in seconds (`estimateSeconds`); absent: 1 (runs of equal cost). */
  seconds?: number;
  /** Its declared limit in seconds (what it may use); absent: `seconds`. */
  declared?: number;
}

/** A run charged at its choice whose charge is not settled yet (it is no longer running). */
export interface ChargedRun {
  submissionId: string;
  competitionId: string;
  /** What its choice added to the competition's pass. */
  charge: number;
  /** The seconds it was charged for, and its declared limit (what it may be charged at most). */
  seconds: number;
  declared: number;
  /** Seconds it ran (from its choice to its end); null: it is Waiting again, so the whole charge comes back. */
  usedSeconds: number | null;
}

export interface FairState {
  /** The pass of the last served competition. */
  vtime: number;
  /** How many runs were served (the stamp of the last served team). */
  tick: number;
  /** Operators' weights; absent: DEFAULT_WEIGHT. */
  weights: ReadonlyMap<string, number>;
  /** Each competition's virtual pass (absent: 0). */
  passes: ReadonlyMap<string, number>;
  /** The tick at which a team (key `teamKey`) was last served (absent: never). */
  served: ReadonlyMap<string, number>;
  /** The competitions that had runs waiting at the last choice (not lifted: they did not idle). */
  active: ReadonlySet<string>;
  /** Each competition's charges not settled yet (its runs in flight, or over since the last choice). */
  inflight: ReadonlyMap<string, number>;
}

/** What serving one run changes in the state (to write back in the same transaction). */
export interface FairStep {
  run: WaitingRun;
  vtime: number;
  tick: number;
  pass: number;
  teamServed: number;
  /** What the choice added to the competition's pass (to write on the run, settled when it is over). */
  charge: number;
  /** The competitions back from idle, lifted to the virtual time (their new passes, the chosen one's aside). */
  lifted: ReadonlyMap<string, number>;
  /** The competitions with runs waiting at this choice (`FairState.active` after it). */
  active: readonly string[];
}

export const teamKey = (competitionId: string, teamId: string) => `${competitionId}\u0000${teamId}`;

export const emptyFairState = (): FairState => ({
  vtime: 0,
  tick: 0,
  weights: new Map(),
  passes: new Map(),
  served: new Map(),
  active: new Set(),
  inflight: new Map(),
});

const byRun = (a: WaitingRun, b: WaitingRun) =>
  a.at - b.at || (a.submissionId < b.submissionId ? -1 : a.submissionId > b.submissionId ? 1 : 0);

/** The run served next and the state's change, or null when nothing waits. */
export function nextFair(state: FairState, waiting: readonly WaitingRun[]): FairStep | null {
  if (waiting.length === 0) return null;
  // What a competition back from idle is lifted to: the virtual time, or, if lower, the least pass of
  // those that kept runs waiting without their charges in flight (estimates, which may be far above what
  // the runs will use): one coming back is not set behind the others by their estimates.
  let floor = state.vtime;
  for (const run of waiting)
    if (state.active.has(run.competitionId))
      floor = Math.min(
        floor,
        (state.passes.get(run.competitionId) ?? 0) - (state.inflight.get(run.competitionId) ?? 0),
      );
  // Each waiting competition's start: its pass, lifted to the floor if it comes back from idle.
  const starts = new Map<string, number>();
  for (const run of waiting)
    if (!starts.has(run.competitionId)) {
      const pass = state.passes.get(run.competitionId) ?? 0;
      starts.set(run.competitionId, state.active.has(run.competitionId) ? pass : Math.max(pass, floor));
    }
  // The competition with the least start.
  let competition: string | undefined;
  let least = Infinity;
  for (const [id, start] of starts)
    if (start < least || (start === least && competition !== undefined && id < competition)) {
      least = start;
      competition = id;
    }
  // Its team served longest ago, then that team's oldest run.
  let chosen: WaitingRun | undefined;
  let chosenServed = Infinity;
  for (const run of waiting) {
    if (run.competitionId !== competition) continue;
    const served = state.served.get(teamKey(run.competitionId, run.teamId)) ?? -1;
    if (!chosen || served < chosenServed || (served === chosenServed && byRun(run, chosen) < 0)) {
      chosen = run;
      chosenServed = served;
    }
  }
  const weight = state.weights.get(competition!) ?? DEFAULT_WEIGHT;
  const tick = state.tick + 1;
  // Whole numbers: a charge given back whole restores the pass exactly (no rounding drift between ties).
  const charge = Math.round((STRIDE * (chosen!.seconds ?? 1)) / weight);
  const lifted = new Map<string, number>();
  for (const [id, start] of starts) if (!state.active.has(id) && id !== competition) lifted.set(id, start);
  return {
    run: chosen!,
    vtime: Math.max(state.vtime, least),
    tick,
    pass: least + charge,
    teamServed: tick,
    charge,
    lifted,
    active: [...starts.keys()].sort(),
  };
}

/** The state after a step. */
export function applyFair(state: FairState, step: FairStep): FairState {
  const passes = new Map(state.passes);
  for (const [id, pass] of step.lifted) passes.set(id, pass);
  passes.set(step.run.competitionId, step.pass);
  const served = new Map(state.served);
  served.set(teamKey(step.run.competitionId, step.run.teamId), step.teamServed);
  const inflight = new Map(state.inflight);
  inflight.set(step.run.competitionId, (inflight.get(step.run.competitionId) ?? 0) + step.charge);
  return {
    ...state,
    vtime: step.vtime,
    tick: step.tick,
    passes,
    served,
    active: new Set(step.active),
    inflight,
  };
}

/**
 * What a charged run gets back once it is over: its charge less what the time it used costs (within its
 * declared limit): negative if it ran longer than charged. All of it if it is Waiting again.
 */
export function refundOf(run: ChargedRun): number {
  if (run.usedSeconds === null || run.seconds <= 0) return run.charge;
  const used = Math.min(Math.max(run.usedSeconds, 0), run.declared);
  return run.charge - Math.round((run.charge * used) / run.seconds);
}

/** How many of a competition's last finished runs the charge of its next one is estimated from. */
export const RECENT_RUNS = 20;

/**
 * What a run's choice charges, in seconds: the mean time `recent` (the competition's last finished runs, at
 * most RECENT_RUNS) used, within 1 s and the run's declared limit; the declared limit if there are none.
 */
export function estimateSeconds(recent: readonly number[], declared: number): number {
  if (recent.length === 0) return declared;
  const mean = recent.reduce((sum, seconds) => sum + seconds, 0) / recent.length;
  return Math.min(Math.max(mean, 1), declared);
}

/** The state once the charges of runs that are over are settled (each competition's pass lowered by its refunds). */
export function settleFair(state: FairState, charged: readonly ChargedRun[]): FairState {
  if (charged.length === 0) return state;
  const passes = new Map(state.passes);
  const inflight = new Map(state.inflight);
  for (const run of charged) {
    passes.set(run.competitionId, (passes.get(run.competitionId) ?? 0) - refundOf(run));
    inflight.set(run.competitionId, (inflight.get(run.competitionId) ?? 0) - run.charge);
  }
  return { ...state, passes, inflight };
}

/**
 * The order in which the waiting runs would be taken if nothing else arrived: the queue position each is
 * shown (1: taken next). At most `limit` places are computed; `until`: stop once it holds for the order.
 */
export function fairOrder(
  state: FairState,
  waiting: readonly WaitingRun[],
  limit = Infinity,
  until: (order: readonly WaitingRun[]) => boolean = () => false,
): WaitingRun[] {
  const left = [...waiting];
  const order: WaitingRun[] = [];
  let current = state;
  while (left.length > 0 && order.length < limit && !until(order)) {
    const step = nextFair(current, left)!;
    order.push(step.run);
    left.splice(left.indexOf(step.run), 1);
    current = applyFair(current, step);
  }
  return order;
}
