import type { EventEnvelope } from '@sais/events';
import type { EventTransport, Subscription, SubscriptionOptions } from './transport.ts';

/**
 * The embedded default's transport: delivers each published batch to every subscriber whose topics
 * match, and resolves only after they handled it. So the relay's checkpoint never runs ahead of the
 * projections, and a crash re-delivers from the checkpoint exactly like Kafka would.
 */
export class InProcessBus implements EventTransport {
  readonly #subscriptions = new Set<SubscriptionOptions>();

  async publish(events: readonly EventEnvelope[]): Promise<void> {
    for (const subscription of this.#subscriptions) {
      const matching = events.filter((event) => subscription.topics.includes(event.streamType));
      if (matching.length > 0) await subscription.handleBatch(matching);
    }
  }

  async subscribe(options: SubscriptionOptions): Promise<Subscription> {
    this.#subscriptions.add(options);
    return {
      stop: async () => {
        this.#subscriptions.delete(options);
        await options.stop?.();
      },
    };
  }

  async close(): Promise<void> {
    this.#subscriptions.clear();
  }
}
