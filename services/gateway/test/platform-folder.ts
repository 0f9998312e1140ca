/**
 * A fresh folder and environment for a whole platform started in this process (`createAllInOne`) or by
 * its CLI tools, shared by the transparency tests:
 *  - `embedded`: the embedded default, PGlite in `<root>/data/pg` (copied from a cluster with every
 *    service's schema migrated, so neither initdb nor the migrations run again; kit/testing) and the
 *    in-process bus;
 *  - `postgres`: a fresh database on the shared PostgreSQL and a topic prefix of its own on Kafka.
 * The keys live in `<root>/keys`, the transparency logs beside the data (`<root>/data-transparency`).
 * `cleanup` removes the folder and drops the database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemMetadata } from '@sais/events';
import type { Platform } from '@sais/kit/platform';
import { copyMigratedPgliteTemplate, freshDatabase, kafkaBrokers } from '@sais/kit/testing';
import { afterAll } from 'vitest';
import { allServices } from '../src/services.ts';

export type PlatformMode = 'embedded' | 'postgres';

export async function platformFolder(mode: PlatformMode, name: string) {
  const root = await mkdtemp(join(tmpdir(), `sais-${name}-${mode}-`));
  const dataDir = join(root, 'data');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SAIS_DATA_DIR: dataDir,
    SAIS_KEYS_DIR: join(root, 'keys'),
    SAIS_SEED: 'off',
  };
  delete env.SAIS_TRANSPARENCY_DIR;
  delete env.SAIS_TRANSPARENCY_KEY;
  delete env.SAIS_TRANSPARENCY_SIGNER;
  let drop = async () => {};
  const cleanup = async () => {
    await rm(root, { recursive: true, force: true });
    await drop();
  };
  try {
    if (mode === 'embedded') {
      delete env.DATABASE_URL;
      delete env.KAFKA_BROKERS;
      await copyMigratedPgliteTemplate(join(dataDir, 'pg'), allServices);
    } else {
      const fresh = await freshDatabase(name.replaceAll(/[^a-z]/g, ''));
      await fresh.database.close();
      drop = fresh.drop;
      env.DATABASE_URL = fresh.url;
      env.KAFKA_BROKERS = kafkaBrokers().join(',');
      env.KAFKA_TOPIC_PREFIX = `t${randomUUID().slice(0, 8)}.`;
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    root,
    dataDir,
    keysDir: join(root, 'keys'),
    /** Where the platform writes its transparency logs (no SAIS_TRANSPARENCY_DIR: beside the data). */
    logDir: join(root, 'data-transparency'),
    env,
    cleanup,
  };
}

/**
 * The next checkpoint of the scoring log, signed now (the platform started with SAIS_TRANSPARENCY=off).
 * Events are numbered once every older transaction has ended, on the whole server: a shared
 * PostgreSQL's other sessions can hold that back for a moment.
 */
export async function signed(platform: Platform) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const record = await platform.checkpointers.get('scoring')!.checkpointNow();
    if (record) return record;
    if (Date.now() > deadline) throw new Error('no checkpoint within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * An event to sign: a submission scored, appended to the scoring log as the platform would (the
 * submission's id and the stored event returned). The transparency tests need history in the log, not a
 * scored file.
 */
export async function appendScored(platform: Platform) {
  const submissionId = randomUUID();
  const [event] = await platform.stores.get('scoring')!.append(
    'scoring.submission',
    `submission-${submissionId}`,
    'no_stream',
    [
      {
        type: 'scoring.SubmissionScored',
        data: {
          submissionId,
          metric: 'rmse',
          publicScore: 0.5,
          privateScore: 0.6,
          rows: 100,
          groundTruthSha256: 'a'.repeat(64),
        },
      },
    ],
    systemMetadata(),
  );
  return { submissionId, event: event! };
}

/** What a file's tests leave (folders, platforms, servers), undone after the file, the latest first. */
export function cleanupsAfterAll(): (() => Promise<unknown>)[] {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });
  return cleanups;
}
