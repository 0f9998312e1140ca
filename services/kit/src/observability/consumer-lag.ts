import type { Admin } from 'kafkajs';
import type { KafkaTransport } from '../messaging/kafka.ts';

/** A consumer group of this process and the stream types (topics, before the prefix) it reads. */
export interface ConsumerGroup {
  groupId: string;
  topics: readonly string[];
}

export interface ConsumerLagSample {
  group: string;
  topic: string;
  /** Messages after the group's committed offsets, summed over the topic's partitions. */
  messages: number;
}

/**
 * Kafka consumer lag of this process's groups, as `kafka-consumer-groups.sh` counts it: each partition's
 * end offset minus the group's committed offset (the partition's start when the group has committed
 * none yet). One admin connection, opened on the first sample and dropped after an error.
 */
export class ConsumerLag {
  #admin: Promise<Admin> | undefined;
  readonly groups: readonly ConsumerGroup[];

  constructor(
    private readonly transport: KafkaTransport,
    groups: readonly ConsumerGroup[],
  ) {
    const byId = new Map<string, Set<string>>();
    for (const { groupId, topics } of groups) {
      const known = byId.get(groupId) ?? new Set<string>();
      for (const topic of topics) known.add(topic);
      byId.set(groupId, known);
    }
    this.groups = [...byId].map(([groupId, topics]) => ({ groupId, topics: [...topics] }));
  }

  async sample(): Promise<ConsumerLagSample[]> {
    if (this.groups.length === 0) return [];
    try {
      const admin = await this.#connected();
      const topicOf = (streamType: string) => this.transport.topicOf(streamType);
      const streamTypes = [...new Set(this.groups.flatMap((group) => group.topics))];
      const ends = new Map(
        await Promise.all(
          streamTypes.map(async (type) => {
            const offsets = await admin.fetchTopicOffsets(topicOf(type));
            return [type, new Map(offsets.map((p) => [p.partition, p]))] as const;
          }),
        ),
      );
      // The groups' committed offsets, asked for at once (each is its own request to the coordinator).
      const committedOf = await Promise.all(
        this.groups.map((group) =>
          admin.fetchOffsets({ groupId: topicOf(group.groupId), topics: group.topics.map(topicOf) }),
        ),
      );
      const samples: ConsumerLagSample[] = [];
      this.groups.forEach((group, index) => {
        for (const type of group.topics) {
          const partitions =
            committedOf[index]!.find((entry) => entry.topic === topicOf(type))?.partitions ?? [];
          let messages = 0;
          for (const [partition, end] of ends.get(type)!) {
            const offset = Number(partitions.find((p) => p.partition === partition)?.offset ?? -1);
            const from = offset < 0 ? Number(end.low) : offset;
            messages += Math.max(0, Number(end.high) - from);
          }
          samples.push({ group: group.groupId, topic: type, messages });
        }
      });
      return samples;
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  #connected(): Promise<Admin> {
    this.#admin ??= (async () => {
      const admin = this.transport.admin();
      await admin.connect();
      return admin;
    })();
    return this.#admin;
  }

  async close(): Promise<void> {
    const admin = this.#admin;
    this.#admin = undefined;
    await admin?.then((connected) => connected.disconnect()).catch(() => undefined);
  }
}
