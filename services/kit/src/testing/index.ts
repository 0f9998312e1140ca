import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '@sais/events';
import pg from 'pg';
import { inject } from 'vitest';
import pino from 'pino';
import { type Database, type ServiceDefinition, createPlatform, openDatabase } from '../index.ts';

declare module 'vitest' {
  /** Set by infra/test/global-setup.ts from the containers it started (or DATABASE_URL / KAFKA_BROKERS). */
  export interface ProvidedContext {
    databaseUrl?: string;
    kafkaBrokers?: string;
  }
}

export function serverUrl(): string {
  const url = process.env.DATABASE_URL ?? inject('databaseUrl');
  if (!url) throw new Error('no DATABASE_URL: the global setup did not start PostgreSQL');
  return url;
}

export function kafkaBrokers(): string[] {
  const brokers = process.env.KAFKA_BROKERS ?? inject('kafkaBrokers');
  if (!brokers) throw new Error('no KAFKA_BROKERS: the global setup did not start Kafka');
  return brokers.split(',');
}

/** A fresh database on the test server, so suites run in parallel without sharing state. */
export async function freshDatabase(prefix: string): Promise<{ url: string; database: Database; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    url: url.toString(),
    database,
    async drop() {
      await database.close().catch(() => undefined);
      const client = new pg.Client({ connectionString: serverUrl() });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export function metadata(userId: string | null = null): EventMetadata {
  return { actor: { userId, role: 'participant' }, correlationId: randomUUID(), causationId: null };
}

export function accountRegistered(accountId: string = randomUUID(), username = `user${accountId.slice(0, 8)}`) {
  return {
    type: 'identity.AccountRegistered',
    data: { accountId, username, email: `${username}@example.org`, phone: null, termsAccepted: true },
  };
}

export function profileUpdated(accountId: string, nickname: string) {
  return { type: 'identity.ProfileUpdated', data: { accountId, changes: { nickname } } };
}

/** A platform process of the given services on a fresh test database, with the in-process bus. */
export async function platformForTest(
  services: readonly ServiceDefinition[],
  prefix = 'svc',
  options: { env?: NodeJS.ProcessEnv } = {},
) {
  const fresh = await freshDatabase(prefix);
  await fresh.database.close();
  const dataDir = await mkdtemp(join(tmpdir(), `sais-${prefix}-`));
  const platform = await createPlatform({
    services,
    config: { dataDir, env: { ...options.env, DATABASE_URL: fresh.url } },
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  await platform.app.ready();
  return {
    platform,
    async close() {
      await platform.close();
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
