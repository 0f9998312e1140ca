import type { EventEnvelope } from '@sais/events';

/**
 * Group commit for a handler that must run one call at a time (a projection, serialised on its lock):
 * batches that arrive while a call runs (from other partitions, consumed at once) wait and go together
 * into the next call, one transaction instead of one each. Each caller resolves when the call holding its
 * events has finished, or rejects with its error (its batch is then delivered again). Order within a
 * caller's batch, and between batches of one caller, is kept.
 */
export function groupedBatches(
  handle: (events: readonly EventEnvelope[]) => Promise<void>,
): (events: readonly EventEnvelope[]) => Promise<void> {
  type Waiting = { events: readonly EventEnvelope[]; resolve: () => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await handle(group.flatMap((entry) => entry.events));
        for (const entry of group) entry.resolve();
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    running = false;
  }

  return (events) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ events, resolve, reject });
      if (!running) void drain();
    });
}
