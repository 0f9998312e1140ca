/**
 * The transparency logs of the services a platform process runs: for each, its files under the
 * transparency directory, its checkpointer in the background, and its public calls. Settings:
 * `SAIS_TRANSPARENCY_DIR` (where), `SAIS_CHECKPOINT_INTERVAL_MS` (regular checkpoints, default 60 s),
 * `SAIS_TRANSPARENCY=off` (no checkpointer in this process; the calls still answer from the files).
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { PlatformConfig } from '../runtime/service.ts';
import { Checkpointer } from './checkpointer.ts';
import { type LogFiles, openLogFiles, trustKey } from './log-files.ts';
import { transparencyRoutes } from './routes.ts';
import { loadCheckpointSigner, signerName, transparencyDirectory } from './signer.ts';

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
  const signer = await loadCheckpointSigner(config);
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
