import type { EventDefinition, EventMetadata } from '@sais/events';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { ConcurrencyError } from '../errors.ts';
import { sha256Hex } from '../eventstore/canonical.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import { pageInMemory } from '../http/simple-rest.ts';

// What the services' integrity signals share (decision 0008): a signal is derived from the service's
// own data when listed, its id is a hash of what defines it (so it stays while its evidence grows), and
// an operator decides it once, as an event with a reason plus a row.

/** A signal's id: its kind, then the first 32 hex digits of the SHA-256 of its key's parts joined by `|`. */
export function signalId(kind: string, ...key: string[]): string {
  return `${kind}-${sha256Hex(key.join('|')).slice(0, 32)}`;
}

/**
 * One page of signals: those of the filter's kind, status and ids that `names` keeps (whether the
 * signal names the account or team the filter asks for), in the query's order and range, with the total.
 */
export function pageSignals<T extends { id: string; kind: string; status: string }, F extends keyof T>(
  signals: readonly T[],
  query: {
    filter: { kind?: T['kind']; status?: T['status']; ids?: readonly string[] };
    sort: { field: F; order: 'ASC' | 'DESC' };
    from: number;
    to: number;
  },
  names: (signal: T) => boolean,
): { total: number; records: T[] } {
  const { kind, status, ids } = query.filter;
  const matching = signals.filter(
    (signal) =>
      (!kind || signal.kind === kind) &&
      (!status || signal.status === status) &&
      names(signal) &&
      (!ids || ids.includes(signal.id)),
  );
  return pageInMemory(matching, query);
}

/**
 * Records an operator's decision on a signal, once: `event` opens the signal's own stream (`no_stream`)
 * in one transaction with the service's decision row (`row`). When the stream is there already (the
 * signal was decided meanwhile), nothing is written and `decided()` is thrown.
 */
export async function recordSignalDecision<D extends EventDefinition>(
  db: Db,
  store: EventStore,
  decision: {
    event: D;
    streamId: string;
    data: z.infer<D['data']>;
    metadata: EventMetadata;
    row: (trx: Db) => Promise<unknown>;
    decided: () => Error;
  },
): Promise<void> {
  const { event, streamId, data, metadata, row, decided } = decision;
  try {
    await db.transaction().execute(async (trx) => {
      await store.append(event.aggregate, streamId, 'no_stream', [{ type: event.type, data }], metadata, {
        trx,
      });
      await row(trx);
    });
  } catch (error) {
    if (error instanceof ConcurrencyError) throw decided();
    throw error;
  }
}
