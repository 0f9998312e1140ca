// Issue 33 finding 4 with a witness (decision 0033, c2sp.org/tlog-cosignature): an independent witness
// (`npm run transparency:witness`, a real process) cosigns the platform's checkpoints, which the platform
// takes only from listed witnesses and serves. Then the disk attacker rewrites the history after the
// cosigned checkpoint, deletes the transparency folder, adopts a new log and signs it: the witness
// refuses the rollback and each fork, and `events:verify --witness` names the witness that did not sign.
// Both modes: the embedded default (PGlite, in-process bus) and PostgreSQL + Kafka.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transparency } from '@sais/events';
import { openDatabase } from '@sais/kit/db';
import { EventStore } from '@sais/kit/eventstore';
import type { Platform } from '@sais/kit/platform';
import { checkEventLogs, transparencyCodes, witnessSignerOf } from '@sais/kit/transparency';
import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAllInOne, repositoryRoot } from '../src/platform.ts';
import { appendScored, cleanupsAfterAll, platformFolder, signed } from './platform-folder.ts';

const run = promisify(execFile);
const cleanups = cleanupsAfterAll();

describe.each(['embedded', 'postgres'] as const)('a witness of the transparency log (%s)', (mode) => {
  it('cosigns consistent checkpoints, refuses a rewritten history, and verify names it', async () => {
    const folder = await platformFolder(mode, 'twitness');
    cleanups.push(folder.cleanup);
    const { root, logDir } = folder;
    // No background rounds: the test signs with checkpointNow.
    const env: NodeJS.ProcessEnv = { ...folder.env, SAIS_TRANSPARENCY: 'off' };
    delete env.SAIS_WITNESS_KEYS;
    let platform: Platform | undefined;
    let url = '';
    const start = async () => {
      platform = await createAllInOne({ dataDir: env.SAIS_DATA_DIR!, env }, pino({ level: 'silent' }));
      url = await platform.app.listen({ port: 0, host: '127.0.0.1' });
      return platform;
    };
    cleanups.push(async () => platform?.close());
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
    const witnessArgs = [
      '--state',
      join(root, 'witness'),
      '--key',
      join(root, 'witness.pem'),
      '--name',
      'witness.example.org/w1',
      '--log',
      'scoring',
    ];
    const witness = () => cli('services/gateway/src/cli/witness.ts', '--url', url, ...witnessArgs);
    const latest = async () =>
      (
        (await (await fetch(`${url}/api/transparency/scoring/checkpoints?limit=1`)).json()) as {
          data: { witnesses: string[]; latest: transparency.CheckpointRecord };
        }
      ).data;

    // The witness makes its key; the operator lists it in <transparency>/witnesses.
    const printed = await cli(
      'services/gateway/src/cli/witness.ts',
      ...witnessArgs,
      '--create-key',
      '--print-key',
    );
    expect(printed.code).toBe(0);
    const witnessKey = await transparency.parseWitnessKey(printed.output.trim());
    await mkdir(logDir, { recursive: true });
    await writeFile(
      join(logDir, 'witnesses'),
      `# the witnesses whose cosignatures count\n${witnessKey.text}\n`,
    );

    await start();
    await appendScored(platform!);
    expect(await signed(platform!)).toMatchObject({ number: 1 });
    const first = await witness();
    expect(first.output).toContain("pinned the platform's key");
    expect(first.output).toContain(
      'scoring: cosigned checkpoint #1 (1 events), the first this witness holds',
    );
    expect(first.output).toContain('the platform shows 1 of 1 witnesses');
    expect(first.code).toBe(0);
    await appendScored(platform!);
    expect(await signed(platform!)).toMatchObject({ number: 2, treeSize: 2 });
    const second = await witness();
    expect(second.output).toContain('scoring: cosigned checkpoint #2 (2 events), consistent with #1');
    expect((await witness()).output).toContain('scoring: up to date at checkpoint #2, cosigned');
    const served = await latest();
    expect(served.witnesses).toEqual([witnessKey.text]);
    expect(served.latest.cosignatures).toHaveLength(1);
    const body = transparency.splitNote(served.latest.note)!.body;
    expect(
      await transparency.verifyCosignature(body, served.latest.cosignatures![0]!, [witnessKey]),
    ).toMatchObject({
      ok: true,
    });

    // Only listed witnesses, only valid lines.
    const post = async (line: string, number = 2) => {
      const response = await fetch(`${url}/api/transparency/scoring/cosignatures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
        body: JSON.stringify({ number, line }),
      });
      return { status: response.status, ...((await response.json()) as { code: number; message: string }) };
    };
    const stranger = await witnessSignerOf(generateKeyPairSync('ed25519').privateKey, 'stranger');
    const now = Math.floor(Date.now() / 1000);
    expect(await post(stranger.cosign(body, now))).toMatchObject({
      status: 403,
      code: transparencyCodes.witnessUnknown,
      message: expect.stringContaining('见证者'),
    });
    const other = served.latest.cosignatures![0]!;
    expect(await post(other, 1)).toMatchObject({ status: 400, code: transparencyCodes.cosignatureInvalid });
    expect(await post('— w1 AAAA')).toMatchObject({
      status: 400,
      code: transparencyCodes.cosignatureInvalid,
    });
    expect((await latest()).latest.cosignatures).toHaveLength(1);

    const verify = () =>
      checkEventLogs({
        db: platform!.database.db,
        stores: new Map([['scoring', platform!.stores.get('scoring')!]]),
        directory: logDir,
        witnesses: [witnessKey],
      });
    const before = await verify();
    expect(before.lines).toContain(
      'scoring: witness witness.example.org/w1 cosigned checkpoint #2 (the latest)',
    );
    expect(before.ok).toBe(true);
    await platform!.close();
    platform = undefined;

    // The disk attacker, holding the database and the key: every scoring event rewritten with recomputed
    // hashes (an hour older), the leaf numbers emptied, the transparency folder deleted, a new log adopted.
    const database = await openDatabase(
      mode === 'embedded'
        ? { kind: 'pglite', dataDir: join(env.SAIS_DATA_DIR!, 'pg') }
        : { kind: 'postgres', url: env.DATABASE_URL! },
    );
    await sql`set session_replication_role = replica`.execute(database.db);
    await sql`update scoring.events set occurred_at = occurred_at - interval '1 hour',
      data = jsonb_set(data, '{publicScore}', '0.99')`.execute(database.db);
    const store = new EventStore(database.db, 'scoring');
    for (const event of await store.readAll(undefined, 100)) {
      const hash = await transparency.recomputeEventHash(event);
      await sql`update scoring.events set hash = ${hash} where event_id = ${event.id}`.execute(database.db);
    }
    await sql`delete from scoring.transparency_leaves`.execute(database.db);
    await sql`delete from scoring.checkpoints where name = 'transparency'`.execute(database.db);
    await database.close();
    await rm(logDir, { recursive: true, force: true });
    expect((await cli('services/gateway/src/cli/transparency-adopt.ts', '--reason', 'cover-up')).code).toBe(
      0,
    );
    await start();

    // Checkpoint #1 of the new log: a rollback to the witness.
    expect(await signed(platform!)).toMatchObject({ number: 1, treeSize: 2 });
    const rollback = await witness();
    expect(rollback.code).toBe(1);
    expect(rollback.output).toMatch(
      /scoring: REFUSED: ROLLBACK: the platform's latest checkpoint is #1 \(2 events\), older than #2 \(2 events, root \S+\), which the witness holds: its log was rolled back/,
    );
    const after = await verify();
    expect(after.ok).toBe(false);
    expect(after.lines).toContainEqual(
      expect.stringMatching(
        /^scoring: NOT COSIGNED by witness witness\.example\.org\/w1 .*refuses a rolled-back or rewritten log/,
      ),
    );
    expect(after.lines).toContain('scoring: COSIGNED BY 0 OF THE 1 WITNESSES REQUIRED');

    // Checkpoint #2 of the new log: another #2 than the one the witness holds.
    await appendScored(platform!);
    expect(await signed(platform!)).toMatchObject({ number: 2, treeSize: 3 });
    expect((await witness()).output).toContain(
      "scoring: REFUSED: FORK: the platform's checkpoint #2 differs from #2 (2 events, root",
    );
    // Checkpoint #3, past the witness's: its tree does not extend the held one.
    await appendScored(platform!);
    expect(await signed(platform!)).toMatchObject({ number: 3, treeSize: 4 });
    const fork = await witness();
    expect(fork.code).toBe(1);
    expect(fork.output).toContain(
      'scoring: REFUSED: FORK: checkpoint #3 (4 events) does not extend #2 (2 events, root',
    );
    expect((await verify()).ok).toBe(false);
  }, 240_000);
});
