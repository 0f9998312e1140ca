// Issue 33 finding 4 with the key on another machine (decision 0048): the platform signs its checkpoints
// through a signing agent (`SAIS_TRANSPARENCY_SIGNER`), never making a key of its own. Then the disk
// attacker, holding the database but not the key, rewrites the history, deletes the transparency folder
// and tries to adopt a new log: the agent refuses (it signed the old log's checkpoints), so the adoption
// fails and the platform does not start over the rewrite. Only `--forget` on the agent's machine, logged
// there, lets a log start anew. Both modes: the embedded default (PGlite) and PostgreSQL + Kafka.
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transparency } from '@sais/events';
import { openDatabase } from '@sais/kit/db';
import type { Platform } from '@sais/kit/platform';
import { SigningAgent, signerOf, signingAgentServer } from '@sais/kit/transparency';
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAllInOne, repositoryRoot } from '../src/platform.ts';
import { appendScored, cleanupsAfterAll, platformFolder, signed } from './platform-folder.ts';

const run = promisify(execFile);
const cleanups = cleanupsAfterAll();

describe.each(['embedded', 'postgres'] as const)(
  'a signing agent holding the checkpoint key (%s)',
  (mode) => {
    it('signs the checkpoints, and refuses the disk attacker a new log over a rewritten history', async () => {
      const folder = await platformFolder(mode, 'tsigner');
      cleanups.push(folder.cleanup);
      const { root, logDir, keysDir } = folder;

      // The agent, on "another machine": its own key and state folder.
      const key = await signerOf(generateKeyPairSync('ed25519').privateKey, 'sais-platform');
      const agent = await SigningAgent.open(key, join(root, 'agent'));
      const secret = randomBytes(24).toString('base64url');
      const server = signingAgentServer(agent, secret);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise((resolve) => server.close(resolve)));
      const agentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

      const env: NodeJS.ProcessEnv = {
        ...folder.env,
        SAIS_TRANSPARENCY: 'off', // the test signs with checkpointNow
        SAIS_TRANSPARENCY_SIGNER: agentUrl,
        SAIS_TRANSPARENCY_SIGNER_SECRET: secret,
      };
      let platform: Platform | undefined;
      const start = async () =>
        (platform = await createAllInOne({ dataDir: env.SAIS_DATA_DIR!, env }, pino({ level: 'silent' })));
      cleanups.push(async () => platform?.close());

      await start();
      await appendScored(platform!);
      const first = await signed(platform!);
      expect(first).toMatchObject({ number: 1, treeSize: 1 });
      await expect(transparency.verifyCheckpointNote(first.note, [key.key])).resolves.toMatchObject({
        ok: true,
      });
      await appendScored(platform!);
      await appendScored(platform!);
      // The agent asked for the consistency proof from the 1 event it signed, and got it.
      const third = await signed(platform!);
      expect(third).toMatchObject({ number: 2, treeSize: 3 });
      expect(agent.held('sais-platform/scoring')).toMatchObject({ number: 2, treeSize: 3 });
      // The platform made no signing key of its own.
      expect(await readdir(keysDir).catch(() => [])).not.toContain('transparency-ed25519.pem');
      await platform!.close();
      platform = undefined;

      // The disk attacker: a score changed in every event, the leaf numbers and the folder gone.
      const database = await openDatabase(
        mode === 'embedded'
          ? { kind: 'pglite', dataDir: join(env.SAIS_DATA_DIR!, 'pg') }
          : { kind: 'postgres', url: env.DATABASE_URL! },
      );
      await sql`set session_replication_role = replica`.execute(database.db);
      await sql`update scoring.events set data = jsonb_set(data, '{publicScore}', '0.99')`.execute(
        database.db,
      );
      await sql`delete from scoring.transparency_leaves`.execute(database.db);
      await sql`delete from scoring.checkpoints where name = 'transparency'`.execute(database.db);
      await database.close();
      await rm(logDir, { recursive: true, force: true });

      // A young history (within the start's grace) starts as a new log, but the agent signs no checkpoint
      // #1 over it: it signed #2 of 3 events before.
      await start();
      await appendScored(platform!);
      await expect(platform!.checkpointers.get('scoring')!.checkpointNow()).rejects.toThrow(
        /the signing agent at .* refused: ROLLBACK: checkpoint #1 \(4 events\)/,
      );
      await platform!.close();
      platform = undefined;

      // An older history needs an adoption, which the agent refuses for a log it holds.
      const older = await openDatabase(
        mode === 'embedded'
          ? { kind: 'pglite', dataDir: join(env.SAIS_DATA_DIR!, 'pg') }
          : { kind: 'postgres', url: env.DATABASE_URL! },
      );
      await sql`set session_replication_role = replica`.execute(older.db);
      await sql`update scoring.events set occurred_at = occurred_at - interval '1 hour'`.execute(older.db);
      await sql`delete from scoring.transparency_leaves`.execute(older.db);
      await sql`delete from scoring.checkpoints where name = 'transparency'`.execute(older.db);
      await older.close();
      await rm(logDir, { recursive: true, force: true });
      const adopt = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          join(repositoryRoot, 'services/gateway/src/cli/transparency-adopt.ts'),
          '--reason',
          'cover-up',
          '--log',
          'scoring',
        ],
        { cwd: repositoryRoot, env },
      ).then(
        ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          output: error.stdout + error.stderr,
        }),
      );
      expect(adopt.output).toContain('the signing agent');
      expect(adopt.output).toContain('--forget sais-platform/scoring');
      expect(adopt.code).not.toBe(0);
      // Without an adoption the platform does not start over the history it can no longer prove.
      await expect(start()).rejects.toThrow();
      platform = undefined;
      expect(agent.held('sais-platform/scoring')).toMatchObject({ number: 2, treeSize: 3 });
    });
  },
);
