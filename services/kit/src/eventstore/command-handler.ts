import type { EventEnvelope, EventMetadata } from '@sais/events';
import type { Db } from '../db/database.ts';
import { ConcurrencyError } from '../errors.ts';
import type { EventStore, PendingEvent } from './event-store.ts';

/**
 * One stream's decider as the command handler runs it: the stream's events fold from `initialState`
 * with `evolve`, then `decide` answers the command with new events (or throws a typed error).
 */
export interface StreamDecider<C, S, E extends PendingEvent> {
  /** The stream type the events are appended under (the aggregate of the stream's event definitions). */
  streamType: string;
  initialState: S;
  evolve(state: S, event: E): S;
  /**
   * A domain decider is pure and ignores `trx`. A service may wrap it to read facts first (rules from a
   * mirror, claims on other streams) through the handler's transaction, so a retry reads them again.
   */
  decide(command: C, state: S, trx: Db): readonly E[] | Promise<readonly E[]>;
}

export interface HandleCommandOptions<S> {
  /**
   * Run inside the caller's transaction (its other writes commit with the events). A lost race then
   * aborts that transaction, so the handler does not retry: the caller's own retry, if any, runs it again.
   */
  trx?: Db;
  /**
   * The service's own rows written in the same transaction as the events (claims, a row kept equal to
   * the fold): called once the events are appended, with them and the state they lead to. Not called
   * when the decision produced no events.
   */
  alongside?(trx: Db, appended: readonly EventEnvelope[], state: S): Promise<void>;
  /**
   * Tries in all (default 5) when a version conflict loses the race for the stream: each try reads the
   * stream again and decides on the new state, so the loser gets the real reason (a full team, a closed
   * phase) instead of a conflict; the last conflict is thrown as it is.
   */
  retry?: { tries: number };
}

export interface CommandResult<S> {
  /** The appended events (empty when the decision produced none). */
  events: EventEnvelope[];
  /** The stream's state after them. */
  state: S;
  /** The stream's version after them (0 for a stream that still has no events). */
  version: number;
}

const defaultTries = 5;

/** Folds a stream's stored events with the decider (they were validated by their schemas on append). */
export function foldStream<S, E extends PendingEvent>(
  decider: Pick<StreamDecider<unknown, S, E>, 'initialState' | 'evolve'>,
  events: readonly EventEnvelope[],
): S {
  return events.reduce((state, event) => decider.evolve(state, event as unknown as E), decider.initialState);
}

/**
 * Read → fold → decide → append for one stream: loads the stream's events, folds them, decides the
 * command, appends the result at the version read (optimistic concurrency) and writes the rows
 * `alongside` in the same transaction; a lost race is decided again (`retry`).
 */
export async function handleCommand<C, S, E extends PendingEvent>(
  store: EventStore,
  decider: StreamDecider<C, S, E>,
  streamId: string,
  command: C,
  metadata: EventMetadata,
  options: HandleCommandOptions<S> = {},
): Promise<CommandResult<S>> {
  const once = async (trx: Db): Promise<CommandResult<S>> => {
    const history = await store.readStream(streamId, { trx });
    const state = foldStream(decider, history);
    const produced = await decider.decide(command, state, trx);
    if (produced.length === 0) return { events: [], state, version: history.length };
    const events = await store.append(
      decider.streamType,
      streamId,
      history.length || 'no_stream',
      produced,
      metadata,
      { trx },
    );
    const after = events.reduce((s, event) => decider.evolve(s, event as unknown as E), state);
    await options.alongside?.(trx, events, after);
    return { events, state: after, version: history.length + events.length };
  };
  if (options.trx) return once(options.trx);
  const tries = Math.max(1, options.retry?.tries ?? defaultTries);
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.database.transaction().execute(once);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= tries) throw error;
    }
  }
}
