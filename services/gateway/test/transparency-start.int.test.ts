// Issue 33 finding 4 (decision 0033): someone holding the disk rewrites the events, deletes the
// transparency folder (or replaces or deletes the signing key) and restarts. The platform used to sign a
// fresh checkpoint #1 over the rewrite without a word; now it refuses to start, in en and zh-CN, until an
// operator runs the explicit, recorded `npm run transparency:adopt`, which events:verify then shows.
// Both modes: the embedded default (PGlite, in-process bus) and PostgreSQL + Kafka.
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { access, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transparency } from '@sais/events';
import { openDatabase } from '@sais/kit/db';
import { EventStore } from '@sais/kit/eventstore';
import type { Platform } from '@sais/kit/platform';
import { TransparencyStartRefused, checkEventLogs, signingKeyFile } from '@sais/kit/transparency';
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAllInOne, repositoryRoot } from '../src/platform.ts';
import { appendScored, cleanupsAfterAll, platformFolder, signed } from './platform-folder.ts';

const run = promisify(execFile);
const cleanups = cleanupsAfterAll();

describe.each(['embedded', 'postgres'] as const)('a new transparency log over a history (%s)', (mode) => {
  it('refuses a replaced, a deleted key and a deleted log; starts again only after transparency:adopt', async () => {
    const folder = await platformFolder(mode, 'tstart');
    cleanups.push(folder.cleanup);
    const { root, env, logDir } = folder;
    env.SAIS_TRANSPARENCY = 'off'; // no background rounds: the test signs with checkpointNow
    const keyFile = join(root, 'keys', signingKeyFile);
    // Warnings kept: the key beside the data is said at every start (decision 0033).
    const warnings: string[] = [];
    const start = () =>
      createAllInOne(
        { dataDir: env.SAIS_DATA_DIR!, env },
        pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) }),
      );
    const refusal = async () => {
      const error = await start().then(
        async (platform: Platform) => {
          await platform.close();
          return null;
        },
        (error: unknown) => error,
      );
      expect(error).toBeInstanceOf(TransparencyStartRefused);
      return error as TransparencyStartRefused;
    };
    const cli = (script: string, ...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', join(repositoryRoot, script), ...args], {
        cwd: repositoryRoot,
        env,
      }).then(
        ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          output: error.stdout + error.stderr,
        }),
      );
    const verify = async (db: Platform['database']['db'], stores: Platform['stores']) =>
      checkEventLogs({ db, stores, directory: logDir });

    // The first start of a fresh data folder makes its key by itself and signs the first checkpoint.
    let platform = await start();
    await access(keyFile);
    const beside = warnings.map((line) => JSON.parse(line) as { msg: string; zh?: string });
    expect(beside).toContainEqual(
      expect.objectContaining({
        msg: expect.stringContaining(`(${join(root, 'keys')}) is on the same file system as the data`),
        zh: expect.stringContaining('SAIS_KEYS_DIR'),
      }),
    );
    const { submissionId } = await appendScored(platform);
    expect(await signed(platform)).toMatchObject({ number: 1 });
    await platform.close();
    const key = await readFile(keyFile, 'utf8');

    // 1. The key replaced by another: the checkpoints are signed by the old one.
    const other = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
    await writeFile(keyFile, other, { mode: 0o600 });
    const changed = await refusal();
    expect(changed.reason).toBe('keyChanged');
    expect(changed.text.en).toContain('Checkpoint #1 of the scoring log');
    expect(changed.text.en).toContain('npm run transparency:adopt -- --old-key');
    expect(changed.text['zh-CN']).toContain('请恢复该密钥');
    expect(changed.message).toContain(changed.text['zh-CN']);

    // 2. The key deleted: no new key is made over the history.
    await rm(keyFile);
    const missing = await refusal();
    expect(missing.reason).toBe('keyMissing');
    expect(missing.text.en).toContain('--new-key');
    expect(missing.text['zh-CN']).toContain('没有检查点签名密钥');
    await expect(access(keyFile)).rejects.toThrow();

    // The key restored: the platform starts as before.
    await writeFile(keyFile, key, { mode: 0o600 });
    platform = await start();
    await platform.close();

    // 3. The attack of the finding: the history rewritten (with recomputed hashes, an hour older), the
    // leaf numbers emptied, the transparency folder deleted, and a restart. Before: checkpoint #1 signed.
    const database = await openDatabase(
      mode === 'embedded'
        ? { kind: 'pglite', dataDir: join(env.SAIS_DATA_DIR!, 'pg') }
        : { kind: 'postgres', url: env.DATABASE_URL! },
    );
    await sql`set session_replication_role = replica`.execute(database.db);
    await sql`update scoring.events set occurred_at = occurred_at - interval '1 hour',
      data = jsonb_set(data, '{publicScore}', '0.99')`.execute(database.db);
    const [rewritten] = await new EventStore(database.db, 'scoring').readStream(`submission-${submissionId}`);
    await sql`update scoring.events set hash = ${await transparency.recomputeEventHash(rewritten!)}`.execute(
      database.db,
    );
    await sql`delete from scoring.transparency_leaves`.execute(database.db);
    await sql`delete from scoring.checkpoints where name = 'transparency'`.execute(database.db);
    await database.close();
    await rm(logDir, { recursive: true, force: true });

    const newLog = await refusal();
    expect(newLog.reason).toBe('newLogOverEvents');
    expect(newLog.text.en).toContain('does not start a new transparency log over an existing history');
    expect(newLog.text['zh-CN']).toContain('平台不会在已有历史之上新建透明日志');

    // The explicit, recorded act: the adoption is signed, said by the command and by events:verify.
    expect((await cli('services/gateway/src/cli/transparency-adopt.ts')).code).toBe(2); // no reason
    const adopted = await cli(
      'services/gateway/src/cli/transparency-adopt.ts',
      '--reason',
      'disk lost, log restored from nothing',
    );
    expect(adopted).toMatchObject({ code: 0 });
    expect(adopted.output).toMatch(
      /^scoring: ADOPTED on \S+ by \S+ \(disk lost, log restored from nothing\): a NEW LOG started over 1 existing events/m,
    );
    expect(adopted.output).toContain('identity: nothing to adopt');
    platform = await start();
    try {
      expect(await signed(platform)).toMatchObject({ number: 1 });
      const checked = await verify(platform.database.db, platform.stores);
      expect(checked.ok).toBe(true);
      expect(checked.lines).toContainEqual(
        expect.stringMatching(/^scoring: ADOPTED on .* a NEW LOG started/),
      );
      expect(checked.lines).toContainEqual(
        expect.stringMatching(/^scoring: matches checkpoint #1 \(1 events/),
      );
    } finally {
      await platform.close();
    }

    // Without the adoption record (deleted by whoever made the new log), checkpoint #1 long after the
    // first event is no pass.
    await rename(join(logDir, 'scoring', 'adoptions'), join(root, 'adoptions-aside'));
    platform = await start(); // the log is signed by its key now: nothing to adopt
    try {
      const checked = await verify(platform.database.db, platform.stores);
      expect(checked.ok).toBe(false);
      expect(checked.lines).toContainEqual(
        expect.stringMatching(/^scoring: CHECKPOINT #1 \(.*\) was signed long after the first event/),
      );
    } finally {
      await platform.close();
    }
    await rename(join(root, 'adoptions-aside'), join(logDir, 'scoring', 'adoptions'));

    // 4. A key rotation, endorsed by the old key: the new key signs the next checkpoint.
    const oldKeyFile = join(root, 'old-key.pem');
    await rename(keyFile, oldKeyFile);
    await writeFile(keyFile, other, { mode: 0o600 });
    expect((await refusal()).reason).toBe('keyChanged');
    const rotated = await cli(
      'services/gateway/src/cli/transparency-adopt.ts',
      '--old-key',
      oldKeyFile,
      '--reason',
      'yearly rotation',
    );
    expect(rotated).toMatchObject({ code: 0 });
    expect(rotated.output).toMatch(
      /^scoring: ADOPTED .*key changed after checkpoint #1 to .* endorsed by the old key/m,
    );
    platform = await start();
    try {
      await appendScored(platform);
      const second = await signed(platform);
      expect(second).toMatchObject({ number: 2, treeSize: 2 });
      const printed = await cli('services/gateway/src/cli/transparency-key.ts');
      const newKey = await transparency.parseVerifierKey(printed.output.split('\n')[0]!);
      expect((await transparency.verifyNote(second!.note, [newKey])).ok).toBe(true);
      const checked = await verify(platform.database.db, platform.stores);
      expect(checked.ok).toBe(true);
      expect(checked.lines).toContainEqual(
        expect.stringMatching(/^scoring: matches checkpoint #2 \(2 events/),
      );
    } finally {
      await platform.close();
    }
  }, 240_000);
});
