import { expect } from 'vitest';

/** A pure decider as the services write them: fold a stream's history to a state, decide a command on it. */
export interface Decider<C, S, E> {
  fold(history: readonly E[]): S;
  decide(command: C, state: S): readonly E[];
}

/** The same decider in the command handler's shape (`initialState` and `evolve` instead of `fold`). */
export interface EvolvingDecider<C, S, E> {
  initialState: S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): readonly E[];
}

function folding<C, S, E>(decider: Decider<C, S, E> | EvolvingDecider<C, S, E>): Decider<C, S, E> {
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
export function deciderSpec<C, S, E>(decider: Decider<C, S, E> | EvolvingDecider<C, S, E>) {
  const { fold, decide } = folding(decider);
  return (history: readonly E[] = []) => ({
    when: (command: C) => ({
      then: (expected: readonly E[]) => expect(decide(command, fold(history))).toEqual(expected),
      thenThrows: (messageKey: string) => expect(() => decide(command, fold(history))).toThrow(messageKey),
    }),
  });
}
