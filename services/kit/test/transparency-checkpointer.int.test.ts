// Real mode runs a service in several processes (scoring and its worker processes): each runs a
// checkpointer on the same database and transparency folder. The log's advisory lock lets one write at a
// time; whoever writes next starts from the files. The result is one log: consecutive checkpoints, each
// leaf numbered once in commit order, every signed root given by the files and by the events.
import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Checkpointer,
  TransparencyConflict,
  openLogFiles,
  signerOf,
  trustKey,
  trustedKeys,
  verifyAgainstCheckpoints,
} from '../src/index.ts';
import { appendHistory, checkpointCovering, loggedStore, schema } from './fixtures/transparency.ts';

describe('checkpointers of one log in several processes', () => {
  let scenario: Awaited<ReturnType<typeof loggedStore>>;
  afterEach(() => scenario?.close());

  it('write one log between them while events are appended', async () => {
    scenario = await loggedStore('tlog_processes');
    const signer = await signerOf(generateKeyPairSync('ed25519').privateKey, 'sais-test');
    await trustKey(scenario.dir, signer.key);
    // Three "processes": each its own connection for the lock, its own file handles and memory.
    const processes = await Promise.all(
      [1, 2, 3].map(async () => {
        const files = await openLogFiles(scenario.dir, 'identity');
        const signed = { count: 0 };
        const logger = pino(
          { level: 'debug' },
          { write: (line: string) => void (signed.count += Number(line.includes('signed'))) },
        );
        const checkpointer = new Checkpointer({
          db: scenario.database.db,
          schema,
          files,
          signer,
          origin: 'sais-test/identity',
          lock: true,
          pollMs: 5,
          intervalMs: 20,
          batchSize: 7,
          logger,
        });
        return { files, checkpointer, signed };
      }),
    );
    for (const { checkpointer } of processes) checkpointer.start();
    const appended = [];
    for (let round = 0; round < 6; round++) appended.push(...(await appendHistory(scenario.store, 5, 2)));
    // Until every event is visible to commit-order readers and more than one of them has signed: a
    // transaction of another test file on the same server holds the snapshot's horizon back for a while
    // (two files run at a time), and then one checkpointer may sign all that was held; a few more events
    // give the others their turn.
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const visible = (await scenario.store.readAll(undefined, appended.length + 1)).length;
      const signers = processes.filter(({ signed }) => signed.count > 0).length;
      if (visible >= appended.length && signers > 1) break;
      if (visible >= appended.length) appended.push(...(await appendHistory(scenario.store, 2, 1)));
    }
    for (const { checkpointer } of processes) await checkpointer.stop();
    // They took turns: more than one of them signed.
    expect(processes.filter(({ signed }) => signed.count > 0).length).toBeGreaterThan(1);
    const last = await checkpointCovering(processes[0]!.checkpointer, appended.length);
    expect(last.treeSize).toBe(appended.length);

    // Each event numbered once, in commit order.
    const numbers = await sql<{ leaf_index: number; global_position: number }>`
      select leaf_index, global_position from identity.transparency_leaves order by leaf_index`.execute(
      scenario.database.db,
    );
    expect(numbers.rows.map((row) => Number(row.leaf_index))).toEqual(appended.map((_, i) => i));
    expect(numbers.rows.map((row) => Number(row.global_position))).toEqual(
      appended.map((event) => event.globalPosition),
    );
    // One log: checkpoints 1, 2, … with growing sizes, all of them signed roots of the same leaves.
    const checkpoints = await processes[1]!.files.checkpoints.list(0, 1000);
    expect(checkpoints.length).toBeGreaterThan(1);
    expect(checkpoints.map((c) => c.number)).toEqual(checkpoints.map((_, i) => i + 1));
    for (let i = 1; i < checkpoints.length; i++)
      expect(checkpoints[i]!.treeSize).toBeGreaterThan(checkpoints[i - 1]!.treeSize);
    const reader = await openLogFiles(scenario.dir, 'identity', { readOnly: true });
    await expect(
      verifyAgainstCheckpoints({
        log: 'identity',
        db: scenario.database.db,
        store: scenario.store,
        files: reader,
        keys: await trustedKeys(scenario.dir),
      }),
    ).resolves.toMatchObject({ problem: null, compared: appended.length, uncovered: 0 });
    await reader.close();
    for (const { files } of processes) await files.close();
  });

  it('signs nothing when the database numbers fewer events than the log holds, or the files lost a signed root', async () => {
    scenario = await loggedStore('tlog_conflict');
    const appended = await appendHistory(scenario.store);
    // Other files' transactions on the shared server can make the first checkpoint cover fewer events,
    // so the one covering all of them may be #2: the test names whichever it is.
    const covering = await checkpointCovering(scenario.checkpointer, appended.length, {
      store: scenario.store,
    });
    const restarted = async () => {
      const files = await openLogFiles(scenario.dir, 'identity');
      const checkpointer = new Checkpointer({
        db: scenario.database.db,
        schema,
        files,
        signer: scenario.signer,
        origin: 'sais-test/identity',
        lock: true,
      });
      try {
        return await checkpointer.checkpointNow();
      } finally {
        await files.close();
      }
    };
    // A database restored from an older backup (or its leaf numbers rewritten).
    const db = scenario.database.db;
    await sql`create table identity.saved_leaves as select * from identity.transparency_leaves`.execute(db);
    await sql`delete from identity.transparency_leaves where leaf_index >= 10`.execute(db);
    const behind = restarted();
    await expect(behind).rejects.toBeInstanceOf(TransparencyConflict);
    await expect(behind).rejects.toThrow(/numbers 10 events but the transparency log holds 16/);
    await sql`insert into identity.transparency_leaves select * from identity.saved_leaves where leaf_index >= 10`.execute(
      db,
    );
    await expect(restarted()).resolves.toBeNull(); // whole again, and nothing new to sign

    // A leaf changed under a signed checkpoint (the subtrees above it left as they were).
    const level0 = await open(join(scenario.dir, 'identity', 'tree', 'level-00'), 'r+');
    await level0.write(Buffer.alloc(32), 0, 32, 0);
    await level0.close();
    await expect(restarted()).rejects.toThrow(
      new RegExp(`the tree files do not give the root of checkpoint #${covering.number}\\b`),
    );
  });
});
