/**
 * The servers a benchmark runs against: DATABASE_URL / KAFKA_BROKERS when set, otherwise containers
 * started with infra/test/containers.ts. Plus a fresh database and a random topic prefix per run, and a
 * description of the machine and the servers for the report.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Platform, type ServiceDefinition, createPlatform } from '@sais/kit/platform';
import pino from 'pino';
import kafkajs from 'kafkajs';
import pg from 'pg';
import type { Cleanup } from './cleanup.ts';
import { table } from './report.ts';

const { Kafka, ConfigResourceTypes, logLevel } = kafkajs;

export interface Servers {
  /** Admin URL of the PostgreSQL server (a database the benchmark may connect to for `create database`). */
  databaseUrl: string;
  kafkaBrokers: string[];
  /** Where each server came from, for the report. */
  postgresSource: string;
  kafkaSource: string;
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export async function startServers(cleanup: Cleanup): Promise<Servers> {
  const envDb = process.env.DATABASE_URL;
  const envKafka = process.env.KAFKA_BROKERS?.split(',').filter(Boolean);
  let databaseUrl = envDb;
  let kafkaBrokers = envKafka?.length ? envKafka : undefined;
  let postgresSource = envDb ? `DATABASE_URL (${redact(envDb)})` : '';
  let kafkaSource = kafkaBrokers ? `KAFKA_BROKERS (${kafkaBrokers.join(',')})` : '';
  if (!databaseUrl || !kafkaBrokers) {
    const containers = await import('../../infra/test/containers.ts');
    const started = Date.now();
    const jobs: Promise<void>[] = [];
    if (!databaseUrl) {
      jobs.push(
        containers.startPostgres().then((server) => {
          cleanup.defer('stop the PostgreSQL container', () => server.stop());
          databaseUrl = server.url;
          postgresSource = `container ${containers.PG_IMAGE} started by the benchmark (${server.url})`;
        }),
      );
    }
    if (!kafkaBrokers) {
      jobs.push(
        containers.startKafka().then((server) => {
          cleanup.defer('stop the Kafka container', () => server.stop());
          kafkaBrokers = server.brokers.split(',');
          kafkaSource = `container ${containers.KAFKA_IMAGE} started by the benchmark (${server.brokers})`;
        }),
      );
    }
    console.log('starting containers (DATABASE_URL / KAFKA_BROKERS not set) ...');
    const results = await Promise.allSettled(jobs);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason; // the caller's cleanup stops whichever did start
    console.log(`containers up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { databaseUrl: databaseUrl!, kafkaBrokers: kafkaBrokers!, postgresSource, kafkaSource };
}

/**
 * The usual start of a platform benchmark: the servers, a fresh database, a random topic prefix, a data
 * folder and the platform of the given services on them, each undone by the cleanup.
 */
export async function benchPlatform(
  cleanup: Cleanup,
  options: { name: string; services: readonly ServiceDefinition[]; env?: Record<string, string> },
): Promise<{ platform: Platform; servers: Servers; databaseUrl: string; topicPrefix: string }> {
  const topicPrefix = `bench-${randomUUID().slice(0, 8)}.`;
  const servers = await startServers(cleanup);
  cleanup.defer('delete the run’s Kafka topics', () => deleteTopics(servers.kafkaBrokers, topicPrefix));
  const databaseUrl = await createDatabase(cleanup, servers.databaseUrl, 'bench');
  const dataDir = await mkdtemp(join(tmpdir(), `bench-${options.name}-`));
  cleanup.defer('remove the data folder', () => rm(dataDir, { recursive: true, force: true }));
  cleanup.defer('remove the keys folder', () => rm(`${dataDir}-keys`, { recursive: true, force: true }));
  cleanup.defer('remove the transparency log', () =>
    rm(`${dataDir}-transparency`, { recursive: true, force: true }),
  );
  const platform = await createPlatform({
    services: options.services,
    config: {
      dataDir,
      keysDir: `${dataDir}-keys`,
      env: {
        DATABASE_URL: databaseUrl,
        KAFKA_BROKERS: servers.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: topicPrefix,
        SAIS_SEED: 'off',
        // The load comes from a few accounts on one address: the participants' write limit is off.
        SAIS_RATE_LIMIT_ACCOUNT: '0',
        SAIS_RATE_LIMIT_ADDRESS: '0',
        ...options.env,
      },
    },
    // Warnings and errors only: per-request info lines would measure the log sink, not the service.
    logger: pino({ level: 'warn' }),
  });
  cleanup.defer('close the platform', () => platform.close());
  return { platform, servers, databaseUrl, topicPrefix };
}

/** Creates a uniquely named database on the server; the drop is registered with the cleanup. */
export async function createDatabase(cleanup: Cleanup, serverUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = async (work: (client: pg.Client) => Promise<unknown>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`create database "${name}"`));
  cleanup.defer(`drop database ${name}`, () =>
    admin(async (client) => {
      // pg's Pool.end() resolves before the server has closed its connections; dropping "with (force)"
      // right then kills them mid-goodbye and their clients throw. Give them a moment (bounded) first.
      for (let i = 0; i < 50; i++) {
        const open = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (open.rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists "${name}" with (force)`);
    }),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Deletes every topic whose name starts with the prefix (the run's own topics) and every consumer group
 * whose id contains it; tries three times (a busy broker may time out). Returns how many topics went.
 */
export async function deleteTopics(brokers: string[], prefix: string): Promise<number> {
  const admin = new Kafka({ clientId: 'bench-cleanup', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const groups = (await admin.listGroups()).groups
          .map((group) => group.groupId)
          .filter((id) => id.includes(prefix));
        if (groups.length > 0) await admin.deleteGroups(groups).catch(() => undefined);
        const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
        if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
        return topics.length;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  } finally {
    await admin.disconnect();
  }
}

/** Waits (bounded) until every partition of a new topic has a leader that answers for it. */
export async function waitForTopic(brokers: string[], topic: string, timeoutMs = 15_000): Promise<void> {
  const admin = new Kafka({ clientId: 'bench-topic-wait', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const offsets = await admin.fetchTopicOffsets(topic);
        if (offsets.length > 0) return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.disconnect();
  }
}

/** Total messages in the topic: sum over partitions of high − low watermark. */
export async function topicMessageCount(brokers: string[], topic: string): Promise<number> {
  const admin = new Kafka({ clientId: 'bench-offsets', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(topic);
    return offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
  } finally {
    await admin.disconnect();
  }
}

export async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const version = (await client.query<{ version: string }>('select version()')).rows[0]!.version;
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings
       where name in ('shared_buffers', 'synchronous_commit', 'fsync', 'max_connections') order by name`,
    );
    const extra = settings.rows.map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`).join(', ');
    return `${version.split(' on ')[0]} (${extra})`;
  } finally {
    await client.end();
  }
}

/** Kafka has no "version" request; the broker's protocol version names the release line (e.g. 3.9-IV0). */
export async function kafkaVersion(brokers: string[]): Promise<string> {
  const admin = new Kafka({ clientId: 'bench-version', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const cluster = await admin.describeCluster();
    const broker = cluster.brokers[0]!;
    const configs = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [
        {
          type: ConfigResourceTypes.BROKER,
          name: String(broker.nodeId),
          configNames: ['inter.broker.protocol.version', 'num.partitions'],
        },
      ],
    });
    const entries = new Map(configs.resources[0]!.configEntries.map((e) => [e.configName, e.configValue]));
    return (
      `Kafka ${entries.get('inter.broker.protocol.version')?.split('-')[0] ?? '?'} ` +
      `(inter.broker.protocol.version ${entries.get('inter.broker.protocol.version') ?? '?'}, ` +
      `${cluster.brokers.length} broker(s), KRaft controller ${cluster.controller})`
    );
  } finally {
    await admin.disconnect();
  }
}

export function machine(): Record<string, string> {
  const cpus = os.cpus();
  let commit = '?';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'services/kit', 'events'], {
      encoding: 'utf8',
    }).trim();
    if (dirty) commit += ' (services/kit or events modified)';
  } catch {
    // not a git checkout
  }
  return {
    date: new Date().toISOString(),
    host: `${os.hostname()}, ${os.type()} ${os.release()} ${os.arch()}`,
    cpu: `${cpus.length} cores, ${cpus[0]?.model.trim() ?? '?'}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(os.freemem() / 2 ** 30).toFixed(1)} GiB free`,
    load: `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    node: `${process.version} (${process.execPath})`,
    commit,
  };
}

/**
 * Prints a benchmark's heading and the table every report starts with: date, machine, load, node, the
 * servers (when it uses them) and the commit, then the benchmark's own rows.
 */
export async function printRunHeader(
  title: string,
  extra: readonly (readonly [string, string])[],
  servers?: { servers: Servers; databaseUrl: string; topicPrefix?: string },
): Promise<void> {
  const m = machine();
  const serverRows: [string, string][] = servers
    ? [
        ['PostgreSQL', await postgresVersion(servers.servers.databaseUrl)],
        [
          '  where',
          `${servers.servers.postgresSource}; database ${new URL(servers.databaseUrl).pathname.slice(1)}`,
        ],
        ['Kafka', await kafkaVersion(servers.servers.kafkaBrokers)],
        [
          '  where',
          `${servers.servers.kafkaSource}${servers.topicPrefix ? `; topic prefix ${servers.topicPrefix}` : ''}`,
        ],
      ]
    : [];
  console.log(`# ${title}\n`);
  console.log(
    table(
      ['', 'run'],
      [
        ['date', m.date!],
        ['machine', m.host!],
        ['cpu', m.cpu!],
        ['memory', m.memory!],
        ['load before', m.load!],
        ['node', m.node!],
        ...serverRows,
        ['git commit', m.commit!],
        ...extra,
      ],
    ),
  );
}
