import { expect } from 'vitest';

/** A pure decider as the services write them: fold a stream's history to a state, decide a command on it. */
export interface Decider<C, S, E> {
  fold(history: readonly E[]): S;
  decide(command: C, state: S): E[];
}

/**
 * Given/when/then specs for a decider: `given(history).when(command).then(events)`, or
 * `.thenThrows(messageKey)` for a refusal (an `AppError` carries its message key as its message).
 *
 *     const given = deciderSpec({ fold: foldTeam, decide: (c, s) => decideTeam(c, s, rules) });
 *     given([created]).when({ type: 'DisbandTeam', by: alice }).thenThrows('notTeamOwner');
 */
export function deciderSpec<C, S, E>(decider: Decider<C, S, E>) {
  return (history: readonly E[] = []) => ({
    when: (command: C) => ({
      then: (expected: readonly E[]) =>
        expect(decider.decide(command, decider.fold(history))).toEqual(expected),
      thenThrows: (messageKey: string) =>
        expect(() => decider.decide(command, decider.fold(history))).toThrow(messageKey),
    }),
  });
}
