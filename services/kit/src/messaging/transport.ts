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
  /**
   * Batches of different partitions handled at once (Kafka; default: the transport's setting, else 1).
   * Above 1 only for handlers whose work on one stream never depends on another stream's, such as the
   * scoring workers (each submission is its own stream, guarded by its expected version).
   */
  concurrency?: number;
  /**
   * Called when the subscription stops: the handler takes on no new work, and resolves once it let go of
   * what it holds (claims, timers). Batches in hand still finish.
   */
  stop?(): Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventSubscriber {
  subscribe(options: SubscriptionOptions): Promise<Subscription>;
  /**
   * Makes ready at once what subscriptions to these aggregate types need (Kafka: their topics, created in
   * one request instead of one subscription at a time); a transport that needs nothing has none.
   */
  prepare?(streamTypes: readonly string[]): Promise<void>;
}

export type EventTransport = EventPublisher & EventSubscriber;
