import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '@sais/events';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Database, type ServiceDefinition, createPlatform, openDatabase } from '../index.ts';

export { type Decider, type EvolvingDecider, deciderSpec } from './decider.ts';
import { type MigratedSchema, copyMigratedPgliteTemplate } from './pglite-migrated.ts';
import { adminClient, migratedTemplate } from './pg-migrated.ts';
export { copyPgliteTemplate } from './pglite-template.ts';
export { copyMigratedPgliteTemplate } from './pglite-migrated.ts';

declare module 'vitest' {
  /** Set by infra/test/global-setup.ts from the containers it started (or DATABASE_URL / KAFKA_BROKERS). */
  export interface ProvidedContext {
    databaseUrl?: string;
    kafkaBrokers?: string;
  }
}

/**
 * The platform a test file runs against, from `SAIS_TEST_MODE` (set per vitest project, vitest.config.ts):
 * - `servers` (default): PostgreSQL and Kafka, as the deployment runs;
 * - `embedded`: the embedded default that `npm start` runs (PGlite in the data folder, the in-process bus).
 * The harnesses read it (`platformForTest`, `busEnv`), so one test file proves the same promises in both.
 */
export type TestMode = 'servers' | 'embedded';

export function testMode(): TestMode {
  const mode = process.env.SAIS_TEST_MODE || 'servers';
  if (mode !== 'servers' && mode !== 'embedded')
    throw new Error(`SAIS_TEST_MODE is "${mode}": expected "servers" or "embedded"`);
  return mode;
}

/**
 * The bus of a test platform, as `platformForTest`'s `env`: real Kafka with a topic prefix of its own
 * (`<prefix><8 hex>.`) in `servers` mode, nothing (the in-process bus) in `embedded` mode.
 */
export function busEnv(prefix: string, mode: TestMode = testMode()): NodeJS.ProcessEnv {
  if (mode === 'embedded') return {};
  return {
    KAFKA_BROKERS: kafkaBrokers().join(','),
    KAFKA_TOPIC_PREFIX: `${prefix}${randomUUID().slice(0, 8)}.`,
  };
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

/**
 * A fresh database on the test server, so suites run in parallel without sharing state: empty, or, with
 * `migrated`, a copy of a template with those services' schemas migrated (pg-migrated.ts; the platform's
 * own migrations then find them done).
 */
export async function freshDatabase(
  prefix: string,
  { migrated }: { migrated?: readonly MigratedSchema[] } = {},
): Promise<{ url: string; database: Database; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const template = migrated ? await migratedTemplate(serverUrl(), migrated) : null;
  const admin = adminClient(serverUrl());
  await admin.connect();
  try {
    await admin.query(
      template
        ? `create database "${name}" template "${template}" strategy file_copy`
        : `create database "${name}"`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  return {
    url: url.toString(),
    database,
    async drop() {
      await database.close().catch(() => undefined);
      const client = adminClient(serverUrl());
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function metadata(userId: string | null = null): EventMetadata {
  return { actor: { userId, role: 'participant' }, correlationId: randomUUID(), causationId: null };
}

/**
 * Identity's events as version 1 wrote them (personal fields in the clear), so the kit's tests need no
 * personal-data keys; version 2 seals them (decision 0017, `services/kit/test/personal.int.test.ts`).
 */
export function accountRegistered(
  accountId: string = randomUUID(),
  username = `user${accountId.slice(0, 8)}`,
) {
  return {
    type: 'identity.AccountRegistered',
    version: 1,
    data: { accountId, username, email: `${username}@example.org`, phone: null, termsAccepted: true },
  };
}

export function profileUpdated(accountId: string, nickname: string) {
  return { type: 'identity.ProfileUpdated', version: 1, data: { accountId, changes: { nickname } } };
}

/**
 * A platform process of the given services: on a fresh test database with the bus `env` names (the
 * in-process bus unless it names Kafka, see `busEnv`), or, embedded, on PGlite in its own data folder
 * with the in-process bus.
 */
export async function platformForTest(
  services: readonly ServiceDefinition[],
  prefix = 'svc',
  /**
   * `embedded`: the embedded default (PGlite in the data folder, the in-process bus), not the test server;
   * unset: as the run's mode says (`testMode()`, `SAIS_TEST_MODE`).
   */
  options: { env?: NodeJS.ProcessEnv; logger?: pino.Logger; embedded?: boolean } = {},
) {
  const embedded = options.embedded ?? testMode() === 'embedded';
  const fresh = embedded ? null : await freshDatabase(prefix, { migrated: services });
  await fresh?.database.close();
  const root = await mkdtemp(join(tmpdir(), `sais-${prefix}-`));
  // The embedded database (`<dataDir>/pg`) starts as a copy of the run's one with these services'
  // schemas migrated (the platform's own migrations then find them done).
  if (embedded) await copyMigratedPgliteTemplate(join(root, 'data', 'pg'), services);
  const env: NodeJS.ProcessEnv = { SAIS_SEED: 'off', ...options.env };
  if (fresh) env.DATABASE_URL = fresh.url;
  else {
    delete env.DATABASE_URL;
    delete env.KAFKA_BROKERS;
  }
  const platform = await createPlatform({
    services,
    config: { dataDir: join(root, 'data'), keysDir: join(root, 'keys'), env },
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
  await platform.app.ready();
  return {
    platform,
    /** The test database and keys folder, for tools run as their own process (`npm run events:verify`). */
    databaseUrl: fresh?.url,
    /** The data folder (the embedded database is in `<dataDir>/pg`). */
    dataDir: join(root, 'data'),
    keysDir: join(root, 'keys'),
    async close() {
      await platform.close();
      await fresh?.drop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * A browser-like client: keeps the session cookie and sends a language; `remoteAddress` is the socket
 * address its requests come from (127.0.0.1 unless told).
 */
export function client(
  app: FastifyInstance,
  language = 'en',
  { remoteAddress }: { remoteAddress?: string } = {},
) {
  let cookie: string | undefined;
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    extra: { cookie?: string } = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      remoteAddress,
      ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload: payload as object }),
      headers: {
        'accept-language': language,
        ...((extra.cookie ?? cookie) ? { cookie: extra.cookie ?? cookie } : {}),
      },
    });
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first)
      cookie =
        first.split(';')[0]!.includes('=;') || /Expires=Thu, 01 Jan 1970/.test(first)
          ? undefined
          : first.split(';')[0];
    // Tests read whatever shape each call returns.
    return {
      status: response.statusCode,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      body: response.json() as { code: number; message: string; data: any },
      setCookie: first,
    };
  };
  const raw = async (options: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: Buffer | object;
    headers?: Record<string, string>;
    remoteAddress?: string;
  }) => {
    const response = await app.inject({
      remoteAddress,
      ...options,
      headers: { 'accept-language': language, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    // A compressed answer's body is left to the test (rawPayload): JSON only when sent as it is.
    const body =
      response.headers['content-type']?.toString().startsWith('application/json') &&
      !response.headers['content-encoding']
        ? response.json()
        : null;
    return { status: response.statusCode, body, headers: response.headers, rawPayload: response.rawPayload };
  };
  return {
    raw,
    get: (url: string, query?: Record<string, string>, extra?: { cookie?: string }) =>
      call('GET', url, query, extra),
    post: (url: string, body: unknown, extra?: { cookie?: string }) => call('POST', url, body, extra),
    get cookie() {
      return cookie;
    },
  };
}

/** A multipart/form-data body built by hand, as a browser would send it. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; bytes: Buffer }>,
) {
  const boundary = `----sais${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A real 1×1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
