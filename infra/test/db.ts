/**
 * A fresh, uniquely named database per suite on the test PostgreSQL server, so suites run in parallel
 * without sharing state. The server comes from DATABASE_URL or inject('databaseUrl') (global setup).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type {} from './provided.d.ts'; // inject('databaseUrl' | 'kafkaBrokers') types

export interface TestDatabase {
  /** Database name, e.g. `orders_3f2a9c01b2d4`. */
  name: string;
  /** Connection URL of the new database (same server, user and options as the admin URL). */
  url: string;
  /** Drops the database, closing any connections still open on it. */
  drop(): Promise<void>;
}

export function testServerUrl(): string {
  const url = process.env.DATABASE_URL || inject('databaseUrl');
  if (!url)
    throw new Error(
      'no test PostgreSQL: set DATABASE_URL or run through the root vitest config (global setup)',
    );
  return url;
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const safe =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .slice(0, 40) || 'test';
  const name = `${safe}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const serverUrl = testServerUrl();
  await admin(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
