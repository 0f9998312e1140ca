/**
 * The transparency logs of the services a platform process runs: for each, its files under the
 * transparency directory, its checkpointer in the background, and its public calls. Settings:
 * `SAIS_TRANSPARENCY_DIR` (where), `SAIS_CHECKPOINT_INTERVAL_MS` (regular checkpoints, default 60 s),
 * `SAIS_TRANSPARENCY=off` (no checkpointer in this process; the calls still answer from the files).
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { PlatformConfig } from '../config.ts';
import { Checkpointer } from './checkpointer.ts';
import { type LogFiles, openLogFiles, trustKey } from './log-files.ts';
import { transparencyRoutes } from './routes.ts';
import { configuredWitnesses } from './cosignatures.ts';
import {
  MissingSigningKey,
  loadCheckpointSigner,
  signerName,
  signingKeyFile,
  transparencyDirectory,
} from './signer.ts';
import { TransparencyStartRefused, graceOf, readLogState, startVerdict } from './log-start.ts';
import { trustedKeys } from './log-files.ts';
import { keyBesideData } from './key-placement.ts';
import { join } from 'node:path';
import { keysDirectory } from '../keys/keys.ts';
import type { CheckpointSigner } from './signer.ts';

export interface LoggedService {
  name: string;
  schema: string;
  checkpointAfter?: readonly string[];
}

export interface ServiceLogs {
  /** The checkpointers by service name (tests and tools call `checkpointNow`). */
  readonly checkpointers: ReadonlyMap<string, Checkpointer>;
  readonly directory: string;
  routes(app: FastifyInstance): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

export async function openServiceLogs(options: {
  services: readonly LoggedService[];
  config: PlatformConfig;
  db: Db;
  databaseKind: 'postgres' | 'pglite';
  logger: Logger;
}): Promise<ServiceLogs> {
  const { config, db, logger } = options;
  const env = config.env;
  const directory = transparencyDirectory(config);
  const signer = await checkedSigner({ ...options, directory });
  const files = new Map<string, LogFiles>();
  try {
    for (const service of options.services)
      files.set(service.name, await openLogFiles(directory, service.name));
    await trustKey(directory, signer.key);
  } catch (error) {
    // Without its transparency log the platform would run unchecked: it does not start.
    throw new Error(
      `cannot write the transparency log in ${directory} (${(error as Error).message}): ` +
        'set SAIS_TRANSPARENCY_DIR to a writable folder apart from the data',
      { cause: error },
    );
  }
  const witnesses = await configuredWitnesses(directory, env);
  if (witnesses.length > 0)
    logger.info(
      { witnesses: witnesses.map((key) => key.text) },
      `transparency: ${witnesses.length} witnesses listed`,
    );
  const originOf = (service: LoggedService) => `${signerName(config)}/${service.name}`;
  const checkpointers = new Map<string, Checkpointer>();
  for (const service of options.services) {
    checkpointers.set(
      service.name,
      new Checkpointer({
        db,
        schema: service.schema,
        files: files.get(service.name)!,
        signer,
        origin: originOf(service),
        checkpointAfter: service.checkpointAfter,
        intervalMs: Number(env.SAIS_CHECKPOINT_INTERVAL_MS ?? 60_000),
        pollMs: Number(env.SAIS_CHECKPOINT_POLL_MS ?? 1000),
        // The embedded database has one connection: smaller batches keep appends from waiting long.
        batchSize: options.databaseKind === 'postgres' ? 2000 : 500,
        lock: options.databaseKind === 'postgres',
        logger,
      }),
    );
  }
  return {
    checkpointers,
    directory,
    async routes(app) {
      for (const service of options.services) {
        await transparencyRoutes(app, {
          log: service.name,
          origin: originOf(service),
          schema: service.schema,
          db,
          files: files.get(service.name)!,
          publicKey: signer.key.text,
          witnesses,
        });
      }
    },
    start() {
      if (env.SAIS_TRANSPARENCY === 'off') return;
      for (const checkpointer of checkpointers.values()) checkpointer.start();
    },
    async close() {
      await Promise.all([...checkpointers.values()].map((checkpointer) => checkpointer.stop()));
      await Promise.all([...files.values()].map((log) => log.close()));
    },
  };
}

/**
 * The signing key, once every log's folder and event store say this key may go on signing (decision
 * 0033): a new platform makes its key; a key is never made, changed or a log started anew over a history
 * that exists without `npm run transparency:adopt` (TransparencyStartRefused, in en and zh-CN).
 */
async function checkedSigner(options: {
  services: readonly LoggedService[];
  config: PlatformConfig;
  db: Db;
  logger: Logger;
  directory: string;
}): Promise<CheckpointSigner> {
  const { config, directory, logger } = options;
  let signer: CheckpointSigner | null = await loadCheckpointSigner(config, { create: false }).catch(
    (error: unknown) => {
      if (error instanceof MissingSigningKey) return null;
      throw error;
    },
  );
  const keyFile = config.env.SAIS_TRANSPARENCY_SIGNER
    ? `the signing agent at ${config.env.SAIS_TRANSPARENCY_SIGNER}`
    : config.env.SAIS_TRANSPARENCY_KEY
      ? 'SAIS_TRANSPARENCY_KEY'
      : join(keysDirectory(config), signingKeyFile);
  const trusted = await trustedKeys(directory).catch(() => []);
  const graceMs = graceOf(Number(config.env.SAIS_CHECKPOINT_INTERVAL_MS ?? 60_000));
  for (const service of options.services) {
    const state = await readLogState({
      log: service.name,
      origin: `${signerName(config)}/${service.name}`,
      directory,
      schema: service.schema,
      db: options.db,
      trusted: signer ? [...trusted, signer.key] : trusted,
    });
    const verdict = await startVerdict({ state, key: signer?.key ?? null, keyFile, graceMs });
    if (verdict.kind === 'refused') {
      logger.error({ log: service.name, reason: verdict.reason }, verdict.message.en);
      throw new TransparencyStartRefused(verdict.reason, verdict.message);
    }
    if (verdict.kind === 'adopted')
      logger.warn(
        { log: service.name, adoption: verdict.adoption },
        `transparency:${service.name}: signing under the adoption of ${verdict.adoption.time} by ` +
          `${verdict.adoption.by} (${verdict.adoption.reason}), after checkpoint #${verdict.adoption.after}`,
      );
  }
  // Every log is new (or its key is there): the first start of a fresh data folder makes its key.
  signer ??= await loadCheckpointSigner(config);
  const beside = await keyBesideData(config).catch(() => null);
  if (beside) logger.warn({ keyBesideData: true, zh: beside['zh-CN'] }, beside.en);
  return signer;
}
