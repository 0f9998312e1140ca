/**
 * The fair order of Waiting container runs (decision 0038): a pure function of the shared state and the
 * waiting runs, so every runner process (and the participant's queue position) computes the same choice.
 *
 * Across competitions: start-time fair queueing (weighted, the deficit round robin of equal-size runs).
 * Each competition has a virtual `pass`; the competition with the least pass among those with a waiting
 * run is served (ties: competition id), and its pass grows by `STRIDE / weight`. A competition that was
 * idle is lifted to the queue's virtual time (the pass of the last served) first, so idling earns no
 * credit to burst with later.
 * Within a competition: round robin across teams. The team served longest ago (never served first;
 * ties: its oldest waiting run) is served, its oldest waiting run first; serving stamps the team with the
 * queue's tick. A team that is waiting is therefore passed by each other team of its competition at most
 * once: no burst of another team holds it back more than (teams − 1) runs.
 */

/** What 1 / weight is measured in (weights are whole numbers 1–100: exact in float8). */
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
}

/** What serving one run changes in the state (to write back in the same transaction). */
export interface FairStep {
  run: WaitingRun;
  vtime: number;
  tick: number;
  pass: number;
  teamServed: number;
}

export const teamKey = (competitionId: string, teamId: string) => `${competitionId}\u0000${teamId}`;

export const emptyFairState = (): FairState => ({
  vtime: 0,
  tick: 0,
  weights: new Map(),
  passes: new Map(),
  served: new Map(),
});

const byRun = (a: WaitingRun, b: WaitingRun) =>
  a.at - b.at || (a.submissionId < b.submissionId ? -1 : a.submissionId > b.submissionId ? 1 : 0);

/** The run served next and the state's change, or null when nothing waits. */
export function nextFair(state: FairState, waiting: readonly WaitingRun[]): FairStep | null {
  if (waiting.length === 0) return null;
  // The competition with the least (lifted) pass.
  let competition: string | undefined;
  let least = Infinity;
  for (const run of waiting) {
    const pass = Math.max(state.passes.get(run.competitionId) ?? 0, state.vtime);
    if (pass < least || (pass === least && competition !== undefined && run.competitionId < competition)) {
      least = pass;
      competition = run.competitionId;
    }
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
  return { run: chosen!, vtime: least, tick, pass: least + STRIDE / weight, teamServed: tick };
}

/** The state after a step. */
export function applyFair(state: FairState, step: FairStep): FairState {
  const passes = new Map(state.passes);
  passes.set(step.run.competitionId, step.pass);
  const served = new Map(state.served);
  served.set(teamKey(step.run.competitionId, step.run.teamId), step.teamServed);
  return { ...state, vtime: step.vtime, tick: step.tick, passes, served };
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
