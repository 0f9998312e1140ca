import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@sais/events';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  EventStore,
  type EventTransport,
  InProcessBus,
  KafkaTransport,
  Relay,
  eventStoreMigrations,
  migrateSchema,
  openDatabase,
} from '../src/index.ts';
import {
  accountRegistered,
  copyPgliteTemplate,
  freshDatabase,
  kafkaBrokers,
  metadata,
} from '../src/testing/index.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The relay's wait between empty polls (issue 31: polling every 20 ms kept an idle embedded platform at
 * ~10 % of a core): it doubles while the store is quiet, and nothing is lost or late because of it —
 * an append of this process wakes it at once, one of another process is seen at a later poll. On both
 * modes: PGlite and the in-process bus, PostgreSQL and Kafka.
 */
describe.each(['embedded (PGlite, in-process bus)', 'PostgreSQL and Kafka'] as const)(
  'the relay while the store is quiet: %s',
  (mode) => {
    const schema = 'identity';
    let database: Database;
    let transport: EventTransport;
    let close = async () => {};
    const topic = 'identity.account';
    /** What the one subscriber received of the current relay's appends, in order of arrival. */
    let current = { mine: new Set<string>(), received: [] as string[] };

    beforeAll(async () => {
      if (mode === 'PostgreSQL and Kafka') {
        const fresh = await freshDatabase('relayidle');
        database = fresh.database;
        transport = new KafkaTransport({
          brokers: kafkaBrokers(),
          clientId: 'relay-idle-test',
          topicPrefix: `ri${randomUUID().slice(0, 8)}.`,
        });
        close = async () => {
          await transport.close();
          await fresh.drop();
        };
      } else {
        const folder = await mkdtemp(join(tmpdir(), 'sais-relay-idle-'));
        await copyPgliteTemplate(join(folder, 'pg'));
        database = await openDatabase({ kind: 'pglite', dataDir: join(folder, 'pg') });
        transport = new InProcessBus();
        close = async () => {
          await transport.close();
          await database.close();
          await rm(folder, { recursive: true, force: true });
        };
      }
      await migrateSchema(database.db, schema, eventStoreMigrations(schema));
      // One consumer group for the file (joining one costs Kafka seconds); each relay below counts its own.
      const subscription = await transport.subscribe({
        groupId: `idle-${randomUUID().slice(0, 8)}`,
        topics: [topic],
        handleBatch: async (events: readonly EventEnvelope[]) => {
          for (const event of events)
            if (current.mine.has(event.streamId)) current.received.push(event.streamId);
        },
      });
      const closeServers = close;
      close = async () => {
        await subscription.stop();
        await closeServers();
      };
    });
    afterAll(() => close());

    /**
     * A relay as the platform wires it (appends through `local` wake it), one store without that wiring
     * standing for another process, and what a subscriber received, in order.
     */
    async function relayed() {
      current = { mine: new Set<string>(), received: [] };
      const { mine, received } = current;
      let wake = () => {};
      const local = new EventStore(database.db, schema, { onAppended: () => wake() });
      const otherProcess = new EventStore(database.db, schema);
      const reads: number[] = [];
      const readAll = local.readAll.bind(local);
      local.readAll = (...args: Parameters<EventStore['readAll']>) => {
        reads.push(performance.now());
        return readAll(...args);
      };
      // Each relay here starts at the checkpoint the previous one left (everything before was delivered).
      const relay = new Relay({ store: local, publisher: transport, idleMs: 20, maxIdleMs: 200 });
      wake = () => relay.notify();
      relay.start();
      const append = (store: EventStore) => {
        const id = randomUUID();
        mine.add(id);
        return store.append(topic, id, 'no_stream', [accountRegistered(id)], metadata()).then(() => id);
      };
      const arrived = async (ids: string[]) => {
        const deadline = Date.now() + 60_000;
        while (!ids.every((id) => received.includes(id)) && Date.now() < deadline) await sleep(20);
        return ids.filter((id) => received.includes(id));
      };
      return {
        reads,
        received,
        append,
        local,
        otherProcess,
        arrived,
        async stop() {
          await relay.stop();
        },
      };
    }

    it('polls ever more slowly while nothing happens, and an append of this process still goes out at once', async () => {
      const r = await relayed();
      try {
        const quietFrom = performance.now();
        await sleep(1500);
        // At one poll every 20 ms that would have been ~75 reads; doubling up to 200 ms makes it ~11
        // (fewer on a busy machine, whose timers fire late: never more).
        const quietReads = r.reads.filter((at) => at >= quietFrom).length;
        expect(quietReads).toBeLessThan(25);
        const id = await r.append(r.local);
        expect(await r.arrived([id])).toEqual([id]);
      } finally {
        await r.stop();
      }
    });

    it('sees an append of another process (no wake-up) at a later poll', async () => {
      const r = await relayed();
      try {
        await sleep(1000);
        const id = await r.append(r.otherProcess);
        expect(await r.arrived([id])).toEqual([id]);
      } finally {
        await r.stop();
      }
    });

    it('for any mix of local and other appends and quiet spells, each event goes out once, in order', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ local: fc.boolean(), pauseMs: fc.constantFrom(0, 0, 5, 30, 120, 260) }), {
            minLength: 1,
            maxLength: 8,
          }),
          async (steps) => {
            const r = await relayed();
            try {
              const ids: string[] = [];
              for (const step of steps) {
                ids.push(await r.append(step.local ? r.local : r.otherProcess));
                await sleep(step.pauseMs);
              }
              expect(await r.arrived(ids)).toEqual(ids);
              await sleep(50);
              // Each exactly once (Kafka keeps order per stream, and each event here is its own stream).
              expect([...r.received].sort()).toEqual([...ids].sort());
            } finally {
              await r.stop();
            }
          },
        ),
        { numRuns: 12 },
      );
    }, 240_000);
  },
);
