/**
 * The checkpointer of one event log: in the background it numbers new events in commit order, appends
 * their leaves to the tree files, and signs a checkpoint every `intervalMs` when the log grew, and at once
 * after an event of a `checkpointAfter` type (a seal, a publication). Real mode may run the same service in
 * several processes (scoring and its workers): a round runs only while holding the log's advisory lock on
 * one connection, so one process at a time writes, and each round starts from what the files hold.
 */
import { IdleLoop } from '../idle-loop.ts';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { type CheckpointRecord } from './checkpoint-log.ts';
import { LeafNumbers } from './leaves.ts';
import type { LogFiles } from './log-files.ts';
import { MerkleFrontier, consistencyPath, hashLeaf, rangeHash } from './merkle-tree.ts';
import type { TreeFiles } from './tree-files.ts';
import type { CheckpointSigner } from './signer.ts';
import { transparency } from '@sais/events';

export interface CheckpointerOptions {
  db: Db;
  schema: string;
  files: LogFiles;
  signer: CheckpointSigner;
  /** The log's name in its checkpoints, e.g. `sais-platform/scoring`. */
  origin: string;
  /** Event types after which a checkpoint is signed at once. */
  checkpointAfter?: readonly string[];
  intervalMs?: number;
  pollMs?: number;
  batchSize?: number;
  /** Real PostgreSQL: one writer among processes by advisory lock. The embedded default is one process. */
  lock?: boolean;
  logger?: Logger;
}

/** The log and its tree disagree with the database or with their own checkpoints: stop, do not sign. */
export class TransparencyConflict extends Error {}

export class Checkpointer {
  readonly #o: Required<Omit<CheckpointerOptions, 'logger'>> & Pick<CheckpointerOptions, 'logger'>;
  readonly #numbers: LeafNumbers;
  readonly #after: ReadonlySet<string>;
  #checked = false;
  /** The leaves were checked against the latest checkpoint once in this process (at its first round). */
  #leavesChecked = false;
  #triggered = false;
  readonly #loop = new IdleLoop();
  /** One round at a time in this process (the loop and `checkpointNow` of a tool or test). */
  #round: Promise<unknown> = Promise.resolve();

  constructor(options: CheckpointerOptions) {
    this.#o = {
      checkpointAfter: [],
      intervalMs: 60_000,
      pollMs: 1000,
      batchSize: 2000,
      lock: false,
      ...options,
    };
    this.#numbers = new LeafNumbers(options.schema);
    this.#after = new Set(this.#o.checkpointAfter);
  }

  get name(): string {
    return `transparency:${this.#o.schema}`;
  }

  /** The verifier key of the key it signs with (`name+id+base64`), as the platform publishes it. */
  get publicKey(): string {
    return this.#o.signer.key.text;
  }

  /** The log's latest signed checkpoint (by whichever process signed it). */
  latestCheckpoint(): Promise<CheckpointRecord | null> {
    return this.#o.files.checkpoints.latest();
  }

  start(): void {
    this.#loop.start(() => this.#run());
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
    await this.#round.catch(() => undefined);
  }

  /**
   * Numbers everything committed so far and signs a checkpoint if the log grew: what a seal waits for in
   * tests and tools. Null when another process holds the log (it checkpoints instead) or nothing is new.
   */
  checkpointNow(): Promise<CheckpointRecord | null> {
    return this.#serial(() => this.#locked((db) => this.#catchUp(db, true)));
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#round.then(work, work);
    this.#round = next.catch(() => undefined);
    return next;
  }

  async #run(): Promise<void> {
    let failures = 0;
    while (this.#loop.running) {
      try {
        await this.#serial(() => this.#locked((db) => this.#catchUp(db, false)));
        failures = 0;
        await this.#loop.idle(this.#o.pollMs);
      } catch (error) {
        failures += 1;
        const backoff = Math.min(60_000, 500 * 2 ** Math.min(failures, 7));
        this.#o.logger?.error({ err: error, backoff }, `${this.name}: no checkpoint, retrying`);
        this.#checked = false;
        await this.#loop.idle(backoff);
      }
    }
  }

  /** Runs `work` on one connection holding the log's advisory lock (real mode), or directly. */
  async #locked<T>(work: (db: Db) => Promise<T>): Promise<T | null> {
    if (!this.#o.lock) return work(this.#o.db);
    return this.#o.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(hashtext(${this.name})) as locked`.execute(connection);
      if (!rows[0]?.locked) {
        this.#checked = false; // another process writes meanwhile: look again next time
        return null;
      }
      try {
        return await work(connection);
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${this.name}))`.execute(connection);
      }
    });
  }

  async #catchUp(db: Db, force: boolean): Promise<CheckpointRecord | null> {
    const { tree, checkpoints } = this.#o.files;
    if (!this.#checked || (await tree.storedLeaves()) !== tree.size) await this.#prepare(db);
    const state = await this.#numbers.state(db);
    if (state.count > tree.size) await this.#rebuildFromDatabase(db, state.count);
    for (let batches = 0; batches < 50; batches++) {
      const leaves = await this.#numbers.assign(
        db,
        { count: tree.size, position: state.position },
        this.#o.batchSize,
      );
      if (leaves.length === 0) break;
      await tree.append(leaves.map((leaf) => hashLeaf(Buffer.from(leaf.hash, 'hex'))));
      state.position = leaves.at(-1)!.position;
      if (leaves.some((leaf) => this.#after.has(leaf.type))) this.#triggered = true;
      if (leaves.length < this.#o.batchSize) break;
    }
    const latest = await checkpoints.latest();
    if (tree.size === 0 || tree.size <= (latest?.treeSize ?? 0)) return null;
    const due =
      force || this.#triggered || !latest || Date.now() - Date.parse(latest.time) >= this.#o.intervalMs;
    return due ? this.#sign(latest?.number ?? 0) : null;
  }

  /**
   * Makes the files whole and checks them against the log's own latest checkpoint and the database's leaf
   * numbers before writing anything: a tree that no longer gives a signed root, or a database that
   * numbered fewer events than the files hold (restored, or rewritten), stops the checkpointer.
   */
  async #prepare(db: Db): Promise<void> {
    const { tree, checkpoints } = this.#o.files;
    await tree.repair();
    await checkpoints.repair();
    const latest = await checkpoints.latest();
    if (latest) {
      if (tree.size < latest.treeSize)
        throw new TransparencyConflict(
          `${this.name}: the tree files hold ${tree.size} leaves but checkpoint #${latest.number} covers ${latest.treeSize}`,
        );
      // The stored subtrees on every round; every leaf once a process (~2.4 s per 1,000,000 events).
      const root = (await rangeHash(tree, 0, latest.treeSize)).toString('base64');
      const leavesRoot = this.#leavesChecked ? root : await leafRoot(tree, latest.treeSize);
      if (root !== latest.rootHash || leavesRoot !== latest.rootHash)
        throw new TransparencyConflict(
          `${this.name}: the tree files do not give the root of checkpoint #${latest.number}`,
        );
      this.#leavesChecked = true;
    }
    const { count } = await this.#numbers.state(db);
    if (count < tree.size)
      throw new TransparencyConflict(
        `${this.name}: the database numbers ${count} events but the transparency log holds ${tree.size}: ` +
          'the database was restored or rewritten; run npm run events:verify',
      );
    this.#checked = true;
  }

  /** The database numbered leaves the files lack (a crash after the commit, or lost tree files). */
  async #rebuildFromDatabase(db: Db, count: number): Promise<void> {
    const { tree } = this.#o.files;
    if (tree.size === 0)
      this.#o.logger?.warn(
        `${this.name}: the tree files are empty; rebuilding ${count} leaves from the database`,
      );
    while (tree.size < count) {
      const rows = await this.#numbers.hashes(db, tree.size, 10_000);
      const missing = rows.find((row, i) => row.leafIndex !== tree.size + i || row.hash === null);
      if (rows.length === 0 || missing)
        throw new TransparencyConflict(
          `${this.name}: leaf ${missing?.leafIndex ?? tree.size} has no event any more`,
        );
      await tree.append(rows.map((row) => hashLeaf(Buffer.from(row.hash!, 'hex'))));
    }
  }

  async #sign(previous: number): Promise<CheckpointRecord> {
    const { tree, checkpoints } = this.#o.files;
    await tree.sync();
    const body = transparency.checkpointBody({
      origin: this.#o.origin,
      treeSize: tree.size,
      rootHash: tree.root(),
      number: previous + 1,
      time: new Date().toISOString(),
    });
    const size = tree.size;
    const note = await this.#o.signer.sign(body, {
      consistency: async (from) =>
        (await consistencyPath(tree, from, size)).map((hash) => hash.toString('base64')),
    });
    const record = await checkpoints.append(note);
    this.#triggered = false;
    this.#o.logger?.debug({ checkpoint: record.number, size: record.treeSize }, `${this.name}: signed`);
    return record;
  }
}

/** The root of the first `size` leaves, recomputed from the leaf hashes alone. */
async function leafRoot(tree: TreeFiles, size: number): Promise<string> {
  const frontier = new MerkleFrontier();
  const chunk = 65_536;
  for (let start = 0; start < size; start += chunk) {
    const count = Math.min(chunk, size - start);
    const leaves = await tree.leafHashes(start, count);
    for (let i = 0; i < count; i++) frontier.append(leaves.subarray(i * 32, i * 32 + 32));
  }
  return frontier.root().toString('base64');
}
