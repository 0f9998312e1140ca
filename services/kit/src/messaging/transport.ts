import type { EventEnvelope } from '@sais/events';

/** Where the relay puts events: Kafka in real mode, the in-process bus in the embedded default. */
export interface EventPublisher {
  /** Resolves once every event is durably accepted (Kafka) or handled by every subscriber (in-process). */
  publish(events: readonly EventEnvelope[]): Promise<void>;
  close(): Promise<void>;
}

export interface SubscriptionOptions {
  /** Consumer group id: each projection has its own. */
  groupId: string;
  /** Aggregate types (= Kafka topics) to read. */
  topics: readonly string[];
  /** Handles a batch; it must be idempotent, as a batch is delivered again after a crash. */
  handleBatch(events: readonly EventEnvelope[]): Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventSubscriber {
  subscribe(options: SubscriptionOptions): Promise<Subscription>;
}

export type EventTransport = EventPublisher & EventSubscriber;
