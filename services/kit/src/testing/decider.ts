import { expect } from 'vitest';

/**
 * A pure decider as the services write them: fold a stream's history to a state, decide a command on it.
 * `D`: what a decision is, the events (the default) or a richer value (scoring's events, row and refund).
 */
export interface Decider<C, S, E, D = readonly E[]> {
  fold(history: readonly E[]): S;
  decide(command: C, state: S): D;
}

/** The same decider in the command handler's shape (`initialState` and `evolve` instead of `fold`). */
export interface EvolvingDecider<C, S, E, D = readonly E[]> {
  initialState: S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): D;
}

function folding<C, S, E, D>(
  decider: Decider<C, S, E, D> | EvolvingDecider<C, S, E, D>,
): Decider<C, S, E, D> {
  if ('fold' in decider) return decider;
  return {
    fold: (history) => history.reduce(decider.evolve, decider.initialState),
    decide: (command, state) => decider.decide(command, state),
  };
}

/**
 * Given/when/then specs for a decider: `given(history).when(command).then(events)`, or
 * `.thenThrows(messageKey)` for a refusal (an `AppError` carries its message key as its message).
 *
 *     const given = deciderSpec({ fold: foldTeam, decide: (c, s) => decideTeam(c, s, rules) });
 *     given([created]).when({ type: 'DisbandTeam', by: alice }).thenThrows('notTeamOwner');
 */
export function deciderSpec<C, S, E, D = readonly E[]>(
  decider: Decider<C, S, E, D> | EvolvingDecider<C, S, E, D>,
) {
  const { fold, decide } = folding(decider);
  return (history: readonly E[] = []) => ({
    when: (command: C) => ({
      then: (expected: D) => expect(decide(command, fold(history))).toEqual(expected),
      thenThrows: (messageKey: string) => expect(() => decide(command, fold(history))).toThrow(messageKey),
    }),
  });
}
