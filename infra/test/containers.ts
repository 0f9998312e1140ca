/**
 * Real PostgreSQL and Kafka for tests, as containers (testcontainers) on the images infra/images/build.sh
 * builds. Image names: SAIS_PG_IMAGE (default sais/postgres:15), SAIS_KAFKA_IMAGE (default sais/kafka:3.9.1);
 * the environment passed also suits the official postgres / apache/kafka images.
 */
import { createServer } from 'node:net';
import pg from 'pg';
import { Kafka, logLevel } from 'kafkajs';
import type { StartedTestContainer } from 'testcontainers';

// The reaper (Ryuk) image cannot be pulled here; containers are stopped by the callers' teardown instead.
process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
// With a local socket, published ports are on this machine: 127.0.0.1. Without this, testcontainers takes
// any machine with a /.dockerenv file (these VMs have one) for a container and uses the bridge gateway
// (172.17.0.1), or tries to pull alpine:3.14 to find one. Really inside a container with the host's
// socket mounted? Set TESTCONTAINERS_HOST_OVERRIDE yourself.
if (!process.env.DOCKER_HOST || process.env.DOCKER_HOST.startsWith('unix:')) {
  process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
}

export const PG_IMAGE = process.env.SAIS_PG_IMAGE || 'sais/postgres:15';
export const KAFKA_IMAGE = process.env.SAIS_KAFKA_IMAGE || 'sais/kafka:3.9.1';

export interface RunningServer {
  /** Stops and removes the container. */
  stop(): Promise<void>;
}

/** A server whose container a fault test may restart (same address and data afterwards). */
export interface RestartableServer extends RunningServer {
  /** `docker restart` (a clean stop, then a start); resolves once the server answers again. */
  restart(): Promise<void>;
}

/** A server a test may take away for as long as it likes, then bring back (same address and data). */
export interface InterruptibleServer extends RestartableServer {
  /** `docker stop` (a clean stop; the container stays): the server is gone until `up()`. */
  down(): Promise<void>;
  /** `docker start`; resolves once the server answers again. */
  up(): Promise<void>;
}

/** testcontainers is loaded only when a container is actually started (and after the Ryuk setting above). */
async function testcontainers() {
  try {
    return await import('testcontainers');
  } catch (error) {
    throw new Error(`cannot load testcontainers: ${String(error)}`, { cause: error });
  }
}

function hint(image: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(
    `could not start a container from ${image}: ${message}\n` +
      'Start Docker and build the images with `bash infra/scripts/ensure-docker.sh && npm run images`, ' +
      'or point the tests at running servers with DATABASE_URL / KAFKA_BROKERS.',
    { cause: error },
  );
}

/** The host where the runtime publishes ports; 127.0.0.1 instead of localhost (no IPv6 surprises). */
async function runtimeHost(): Promise<string> {
  const { getContainerRuntimeClient } = await testcontainers();
  const host = (await getContainerRuntimeClient()).info.containerRuntime.host;
  return host === 'localhost' ? '127.0.0.1' : host;
}

async function retry<T>(what: string, timeoutMs: number, attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${what} did not succeed within ${timeoutMs} ms`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * PostgreSQL 15, user postgres without password; `url` is the admin URL of the `postgres` database.
 * Its port is chosen up front and published as such, so a restart (fault tests) keeps the address.
 */
export async function startPostgres(image = PG_IMAGE): Promise<InterruptibleServer & { url: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPostgresOn(image, await freePort());
    } catch (error) {
      // The chosen port may have been taken between choosing and publishing it: choose again.
      if (attempt < 3 && /port is already allocated|address already in use/i.test(String(error))) continue;
      throw error;
    }
  }
}

async function startPostgresOn(image: string, port: number): Promise<InterruptibleServer & { url: string }> {
  const { GenericContainer, Wait, getContainerRuntimeClient } = await testcontainers();
  const container = await new GenericContainer(image)
    .withExposedPorts({ container: 5432, host: port })
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' }) // for the official image; ours trusts anyway
    .withLabels({ 'org.sais.test': 'postgres' })
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/))
    .withStartupTimeout(60_000)
    .start()
    .catch((error: unknown) => {
      throw hint(image, error);
    });
  const url = `postgres://postgres@${await runtimeHost()}:${container.getMappedPort(5432)}/postgres`;
  const stop = async () => {
    await container.stop();
  };
  // The official image logs "ready" once for its init-time server too: wait until TCP queries work.
  const answering = () =>
    retry('connecting to PostgreSQL', 30_000, async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
      client.on('error', () => undefined); // the init-time server going away fails the query instead
      try {
        await client.connect();
        await client.query('select 1');
      } finally {
        await client.end().catch(() => undefined);
      }
    });
  try {
    await answering();
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return {
    url,
    stop,
    async restart() {
      // A clean stop (the image's SIGINT: a fast shutdown that writes everything out), not a kill.
      await container.restart({ timeout: 10_000 });
      await answering();
    },
    async down() {
      // A clean stop (fast shutdown: sessions end with 57P01), the container and its data stay.
      const client = await getContainerRuntimeClient();
      await client.container.stop(client.container.getById(container.getId()), { timeout: 10_000 });
    },
    async up() {
      // The published port was chosen up front: the server comes back at the same address.
      const client = await getContainerRuntimeClient();
      await client.container.start(client.container.getById(container.getId()));
      await answering();
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Single-node KRaft Kafka 3.9. Container port 9092 is published on a free host port chosen up front and
 * advertised as <host>:<port>, so the addresses the broker hands out in metadata are dialable from here.
 * `brokers` is "host:port" (comma-separated form, like KAFKA_BROKERS).
 */
export async function startKafka(image = KAFKA_IMAGE): Promise<InterruptibleServer & { brokers: string }> {
  const { GenericContainer, Wait, getContainerRuntimeClient } = await testcontainers();
  const host = await runtimeHost();
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const advertised = `${host}:${port}`;
    let container: StartedTestContainer;
    try {
      container = await new GenericContainer(image)
        .withExposedPorts({ container: 9092, host: port })
        .withEnvironment({
          KAFKA_ADVERTISED_LISTENER: advertised, // sais/kafka
          // The same settings in the apache/kafka image's form (sais/kafka applies KAFKA_* variables alike).
          KAFKA_NODE_ID: '1',
          KAFKA_PROCESS_ROLES: 'broker,controller',
          KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
          KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${advertised}`,
          KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
          KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
          KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
          KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
          KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
          KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
          KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
          // Consumers may ask for sessions shorter than Kafka's 6 s floor (KAFKA_SESSION_TIMEOUT_MS).
          KAFKA_GROUP_MIN_SESSION_TIMEOUT_MS: '1000',
          KAFKA_NUM_PARTITIONS: '4',
          KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
        })
        .withLabels({ 'org.sais.test': 'kafka' })
        .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
        .withStartupTimeout(90_000)
        .start();
    } catch (error) {
      // The chosen port may have been taken between choosing and publishing it: choose again.
      if (attempt < 3 && /port is already allocated|address already in use/i.test(String(error))) continue;
      throw hint(image, error);
    }
    const brokers = advertised;
    const stop = async () => {
      await container.stop();
    };
    // Really accepting requests: a metadata round trip through the advertised address.
    const answering = async () => {
      const admin = new Kafka({
        clientId: 'sais-test-probe',
        brokers: [brokers],
        logLevel: logLevel.NOTHING,
      }).admin();
      await retry('a Kafka admin request', 60_000, async () => {
        await admin.connect();
        try {
          await admin.describeCluster();
        } finally {
          await admin.disconnect();
        }
      });
    };
    try {
      await answering();
    } catch (error) {
      await stop().catch(() => undefined);
      throw error;
    }
    return {
      brokers,
      stop,
      async restart() {
        // A clean stop (SIGTERM: the broker's controlled shutdown), not a kill.
        await container.restart({ timeout: 30_000 });
        await answering();
      },
      async down() {
        const client = await getContainerRuntimeClient();
        await client.container.stop(client.container.getById(container.getId()), { timeout: 30_000 });
      },
      async up() {
        // The published port was chosen up front: the broker comes back at the address it advertises.
        const client = await getContainerRuntimeClient();
        await client.container.start(client.container.getById(container.getId()));
        await answering();
      },
    };
  }
}
