import { type EventEnvelope, parseEvent } from '@sais/events';
import {
  type Admin,
  Kafka,
  type Message,
  type OffsetsByTopicPartition,
  type Producer,
  logLevel,
} from 'kafkajs';
import type { Logger } from 'pino';
import type { EventTransport, Subscription, SubscriptionOptions } from './transport.ts';

export interface KafkaTransportOptions {
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /** Partitions given to topics this transport creates. */
  partitions?: number;
  /** How long the group waits for a silent consumer before giving its partitions to others (default 6000
   *  ms, the broker's smallest `group.min.session.timeout.ms`; docs/decisions/0014-fault-tolerance.md). */
  sessionTimeoutMs?: number;
  /** Prepended to every topic name: keeps environments (and test suites) sharing a cluster apart. */
  topicPrefix?: string;
  /** How often consumed offsets are committed (default 1000 ms; 0 = after every batch). */
  commitIntervalMs?: number;
  /**
   * Batches of different partitions handled at once by a subscription that does not say (default 1).
   * The platform's projections say (PROJECTION_CONCURRENCY, and their batches are group-committed one
   * transaction at a time), as do the scoring workers (SCORING_CONCURRENCY).
   */
  partitionsConsumedConcurrently?: number;
}

const PUBLISH_REQUEST_BYTES = 512 * 1024;
const DEFAULT_SESSION_TIMEOUT_MS = 6000;
/** The longest a fetch that finds nothing waits at the broker (kafkajs: maxWaitTimeInMs, 5 s by default). */
const FETCH_MAX_WAIT_MS = 1000;

/** Real mode: topic per aggregate type, key = stream id, so each stream keeps its order. */
export class KafkaTransport implements EventTransport {
  readonly #kafka: Kafka;
  readonly #options: KafkaTransportOptions;
  #producer: Promise<Producer> | undefined;
  readonly #knownTopics = new Set<string>();
  #topicLock: Promise<void> = Promise.resolve();
  readonly #consumers = new Set<Subscription>();

  constructor(options: KafkaTransportOptions) {
    this.#options = options;
    const logger = options.logger;
    this.#kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      // The broker answers "coordinator is loading" for its first seconds; kafkajs retries, so only warn.
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => {
        if (!logger) return;
        const { message, ...extra } = entry.log;
        if (entry.level <= logLevel.ERROR) logger.warn({ kafka: extra }, `kafka: ${message}`);
      },
      // Waits between retries stay short (kafkajs grows them up to 30 s by default), so a consumer or the
      // producer is back within a second of the broker (a Kafka restart, docs/operations.md). And they
      // last longer than a broker's restart (~22 s in all; 8 retries, ~9 s, did not): a consumer whose
      // retries run out crashes and rejoins as a new member, and the restarted coordinator then holds the
      // group until the old membership's session expires — a whole session timeout added to the
      // recovery (issue 33, finding 10; docs/benchmarks.md).
      retry: { retries: 25, initialRetryTime: 100, maxRetryTime: 1000 },
    });
  }

  topicOf(streamType: string): string {
    return `${this.#options.topicPrefix ?? ''}${streamType}`;
  }

  /**
   * Creates missing topics with the configured partitions (idempotent). Calls are serialised, and a
   * topic counts as ready only once every partition has a leader: a broker that is still creating a
   * topic (here or in another process) answers "does not host this topic-partition" for a moment.
   */
  ensureTopics(topics: readonly string[]): Promise<void> {
    const run = this.#topicLock.then(() => this.#ensureTopics(topics));
    this.#topicLock = run.catch(() => undefined);
    return run;
  }

  async #ensureTopics(topics: readonly string[]): Promise<void> {
    const missing = topics.filter((topic) => !this.#knownTopics.has(topic));
    if (missing.length === 0) return;
    const admin: Admin = this.#kafka.admin();
    await admin.connect();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const existing = new Set(await admin.listTopics());
          const toCreate = missing.filter((topic) => !existing.has(topic));
          if (toCreate.length > 0) {
            await admin.createTopics({
              topics: toCreate.map((topic) => ({ topic, numPartitions: this.#options.partitions ?? 4 })),
            });
          }
          const { topics: described } = await admin.fetchTopicMetadata({ topics: [...missing] });
          const ready = described.every(
            (topic) =>
              topic.partitions.length > 0 && topic.partitions.every((partition) => partition.leader >= 0),
          );
          if (ready && described.length === missing.length) break;
          throw new Error(`topics not ready: ${missing.join(', ')}`);
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * attempt)));
        }
      }
      for (const topic of missing) this.#knownTopics.add(topic);
    } finally {
      await admin.disconnect();
    }
  }

  prepare(streamTypes: readonly string[]): Promise<void> {
    return this.ensureTopics(streamTypes.map((streamType) => this.topicOf(streamType)));
  }

  /** A new admin client of this cluster (the caller connects and disconnects it): for lag metrics. */
  admin(): Admin {
    return this.#kafka.admin();
  }

  /** Answers when a broker does: for readiness checks. */
  async ping(): Promise<void> {
    const admin = this.#kafka.admin();
    await admin.connect();
    try {
      await admin.describeCluster();
    } finally {
      await admin.disconnect();
    }
  }

  /** The producer every publish shares; one whose connect failed is forgotten. */
  #connectedProducer(): Promise<Producer> {
    if (!this.#producer) {
      const producer = this.#kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
      });
      const connected = producer.connect().then(() => producer);
      connected.catch(() => void this.#discard(connected));
      this.#producer = connected;
    }
    return this.#producer;
  }

  /**
   * Drops a producer after a failed send. kafkajs' idempotent producer can come back from a broker restart
   * with sequence numbers the broker no longer accepts ("out of order sequence number", for every send
   * after); a new producer gets a new producer id. What the failed send did write arrives twice, which
   * consumers absorb (they are idempotent).
   */
  async #discard(producer: Promise<Producer>): Promise<void> {
    if (this.#producer !== producer) return;
    this.#producer = undefined;
    await (await producer.catch(() => undefined))?.disconnect().catch(() => undefined);
  }

  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    await this.ensureTopics([...new Set(events.map((event) => this.topicOf(event.streamType)))]);
    const producing = this.#connectedProducer();
    const producer = await producing;
    // Requests of at most ~512 KiB, one after the other (order kept): a partition's record batch must stay
    // under the broker's message.max.bytes (1 MiB by default) whatever the relay's batch size.
    let chunk = new Map<string, Message[]>();
    let bytes = 0;
    const send = async () => {
      if (chunk.size === 0) return;
      const topicMessages = [...chunk].map(([topic, messages]) => ({ topic, messages }));
      chunk = new Map();
      bytes = 0;
      await producer.sendBatch({ acks: -1, topicMessages }).catch(async (error: unknown) => {
        await this.#discard(producing);
        throw error;
      });
    };
    for (const event of events) {
      const value = JSON.stringify(event);
      const size = Buffer.byteLength(value) + event.streamId.length + event.type.length + 128;
      if (bytes + size > PUBLISH_REQUEST_BYTES) await send();
      const topic = this.topicOf(event.streamType);
      let messages = chunk.get(topic);
      if (!messages) chunk.set(topic, (messages = []));
      messages.push({
        key: event.streamId,
        value,
        headers: { 'event-type': event.type, 'event-id': event.id },
      });
      bytes += size;
    }
    await send();
  }

  async subscribe(options: SubscriptionOptions): Promise<Subscription> {
    const topics = options.topics.map((streamType) => this.topicOf(streamType));
    await this.ensureTopics(topics);
    const sessionTimeout = this.#options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS;
    const heartbeatInterval = Math.max(500, Math.floor(sessionTimeout / 6));
    const consumer = this.#kafka.consumer({
      // Groups are namespaced like topics, so environments sharing a cluster never share a group.
      groupId: this.topicOf(options.groupId),
      allowAutoTopicCreation: false,
      sessionTimeout,
      heartbeatInterval,
      // A rebalance waits this long for members to rejoin; a dead member should not hold the group for a minute.
      rebalanceTimeout: Math.max(10_000, sessionTimeout * 2),
      // How long the broker holds a fetch that finds nothing new. kafkajs's disconnect waits for the fetch
      // in flight, so its 5 s default made every stop (a deploy, a SIGTERM, each test platform) take ~5 s;
      // 1 s keeps an idle consumer at one small request a second.
      maxWaitTimeInMs: FETCH_MAX_WAIT_MS,
    });
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    // Offsets are committed at most once per commitIntervalMs rather than after every batch (a Kafka round
    // trip each, before the next fetch): the projection keeps its own stream positions, so the batches a
    // restart delivers again change nothing.
    const commitIntervalMs = this.#options.commitIntervalMs ?? 1000;
    let lastCommit = Date.now();
    // What a quiet spell leaves uncommitted is committed once the interval has passed, so the group's
    // committed offsets (its lag as Kafka reports it) catch up even when no further batch comes.
    let idleCommit: NodeJS.Timeout | undefined;
    const commitWhenIdle = (uncommitted: () => OffsetsByTopicPartition) => {
      clearTimeout(idleCommit);
      idleCommit = setTimeout(() => {
        const pending = uncommitted().topics.flatMap(({ topic, partitions }) =>
          partitions.map(({ partition, offset }) => ({ topic, partition, offset })),
        );
        if (pending.length === 0) return;
        lastCommit = Date.now();
        // A rebalance meanwhile refuses it; the partition's new owner redelivers, which changes nothing.
        consumer.commitOffsets(pending).catch(() => undefined);
      }, commitIntervalMs);
      idleCommit.unref();
    };
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently:
        options.concurrency ?? this.#options.partitionsConsumedConcurrently ?? 1,
      eachBatchAutoResolve: false,
      eachBatch: async ({
        batch,
        resolveOffset,
        heartbeat,
        commitOffsetsIfNecessary,
        uncommittedOffsets,
        isRunning,
        isStale,
      }) => {
        if (!isRunning() || isStale() || batch.messages.length === 0) return;
        const events = batch.messages.map((message) =>
          parseEvent(JSON.parse(message.value!.toString('utf8'))),
        );
        // kafkajs heartbeats between batches only: a batch that outlasts the session (a big file scored,
        // a worker waiting for another's claim) would cost the member its partitions. Handlers are bounded
        // (claims expire, statements time out), so beating while one runs hides no stuck consumer for long.
        const beating = setInterval(() => void heartbeat().catch(() => undefined), heartbeatInterval);
        try {
          await options.handleBatch(events);
        } finally {
          clearInterval(beating);
        }
        // Offsets move only after the projection committed: a crash before this re-delivers the batch.
        resolveOffset(batch.messages[batch.messages.length - 1]!.offset);
        if (Date.now() - lastCommit >= commitIntervalMs) {
          clearTimeout(idleCommit);
          lastCommit = Date.now();
          await commitOffsetsIfNecessary(uncommittedOffsets());
        } else commitWhenIdle(uncommittedOffsets);
        await heartbeat();
      },
    });
    const subscription = {
      stop: async () => {
        this.#consumers.delete(subscription);
        clearTimeout(idleCommit);
        // The handler hears first (it takes on nothing new); the consumer finishes the batch in hand and
        // leaves the group, so its partitions go to the others at once.
        const released = Promise.resolve(options.stop?.());
        released.catch(() => undefined); // awaited below, after the consumer
        await consumer.disconnect();
        await released;
      },
    };
    this.#consumers.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#consumers].map((consumer) => consumer.stop()));
    if (this.#producer) await this.#discard(this.#producer);
  }
}
