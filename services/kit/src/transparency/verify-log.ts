/**
 * Checks a service's events against the signed checkpoints of its transparency log (the platform's, or a
 * mirror's copy): every checkpoint's signature, the tree files against every signed root, then the
 * events in commit order against the signed leaves. Names the first position that differs and what it
 * looks like: content changed without its hash, an event rewritten (hashes recomputed), deleted,
 * reordered or added, or the log cut short.
 */
import { type EventEnvelope, transparency } from '@sais/events';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { type CommitPosition, type EventStore, beginning, hashEvent } from '../eventstore/event-store.ts';
import type { CheckpointRecord } from './checkpoint-log.ts';
import type { LogFiles } from './log-files.ts';
import { type Hash, MerkleFrontier, hashLeaf } from './merkle-tree.ts';

export type Difference =
  | 'content changed' // the stored hash no longer matches the event's content
  | 'rewritten' // another event (or the same one with recomputed hashes) where the checkpoint has one
  | 'deleted' // the checkpoint's event at this position is missing; the next one moved up
  | 'reordered' // this event and the next swapped places
  | 'inserted' // an event the checkpoint does not have, before the checkpoint's event
  | 'truncated'; // the log ends before the checkpoint's size

export interface LogVerification {
  log: string;
  /** The latest checkpoint, verified; null when the log has none yet. */
  checkpoint: CheckpointRecord | null;
  /** Events compared with the checkpoint. */
  compared: number;
  /** Events committed after the checkpoint (not covered yet). */
  uncovered: number;
  problem:
    | null
    | { kind: 'checkpoint'; number: number; detail: string }
    | {
        kind: 'event';
        difference: Difference;
        /** The leaf index (0-based position in commit order) where the log first differs. */
        position: number;
        /** The event found there now, if any. */
        event: Pick<EventEnvelope, 'id' | 'type' | 'streamId' | 'streamVersion'> | null;
        /** The leaf hash the checkpoint has there (hex). */
        expectedLeaf: string;
      };
}

const page = 5000;
const leafOf = (event: EventEnvelope) => hashLeaf(Buffer.from(hashEvent(event), 'hex'));

export async function verifyAgainstCheckpoints(options: {
  log: string;
  db: Db;
  store: EventStore;
  files: LogFiles;
  keys: readonly transparency.VerifierKey[];
}): Promise<LogVerification> {
  const { log, db, store, files, keys } = options;
  const result = (rest: Omit<LogVerification, 'log'>): LogVerification => ({ log, ...rest });
  const checkpoints = await allCheckpoints(files);
  const latest = checkpoints.at(-1) ?? null;
  for (const checkpoint of checkpoints) {
    const check = await transparency.verifyCheckpointNote(checkpoint.note, keys);
    if (!check.ok)
      return result({
        checkpoint: latest,
        compared: 0,
        uncovered: 0,
        problem: { kind: 'checkpoint', number: checkpoint.number, detail: `signature: ${check.reason}` },
      });
  }
  const badRoot = await firstUnsignedRoot(files, checkpoints);
  if (badRoot)
    return result({
      checkpoint: latest,
      compared: 0,
      uncovered: 0,
      problem: { kind: 'checkpoint', number: badRoot.number, detail: 'the tree files do not give its root' },
    });
  const size = latest?.treeSize ?? 0;
  let position = 0;
  let after: CommitPosition = beginning;
  for (;;) {
    const events = await store.readAll(after, page);
    if (events.length === 0) break;
    const covered = events.slice(0, Math.max(0, size - position));
    if (covered.length > 0) {
      const expected = await files.tree.leafHashes(position, covered.length);
      const at = covered.findIndex(
        (event, i) => !leafOf(event).equals(expected.subarray(i * 32, i * 32 + 32)),
      );
      if (at >= 0) {
        const problem = await locate(store, files, position + at, size, events.slice(at));
        return result({ checkpoint: latest, compared: position + at, uncovered: 0, problem });
      }
    }
    position += events.length;
    const last = events.at(-1)!;
    after = { transactionId: last.transactionId, globalPosition: last.globalPosition };
  }
  if (position < size) {
    const expectedLeaf = (await files.tree.node(0, position)).toString('hex');
    return result({
      checkpoint: latest,
      compared: position,
      uncovered: 0,
      problem: { kind: 'event', difference: 'truncated', position, event: null, expectedLeaf },
    });
  }
  // Counted apart: the walk above reads in commit order, which stops at the oldest running transaction.
  const total = await sql<{ count: number }>`
    select count(*)::int as count from ${sql.table(`${store.schema}.events`)}`.execute(db);
  return result({
    checkpoint: latest,
    compared: size,
    uncovered: total.rows[0]!.count - size,
    problem: null,
  });
}

async function allCheckpoints(files: LogFiles): Promise<CheckpointRecord[]> {
  const all: CheckpointRecord[] = [];
  for (;;) {
    const next = await files.checkpoints.list(all.length, 1000);
    if (next.length === 0) return all;
    all.push(...next);
  }
}

/** The first checkpoint whose root the tree files' leaves do not give (one pass over the leaves). */
async function firstUnsignedRoot(
  files: LogFiles,
  checkpoints: readonly CheckpointRecord[],
): Promise<CheckpointRecord | null> {
  const frontier = new MerkleFrontier();
  for (const checkpoint of checkpoints) {
    while (frontier.size < checkpoint.treeSize) {
      const count = Math.min(page * 4, checkpoint.treeSize - frontier.size);
      const leaves = await files.tree.leafHashes(frontier.size, count).catch(() => null);
      if (!leaves) return checkpoint;
      for (let i = 0; i < count; i++) frontier.append(leaves.subarray(i * 32, i * 32 + 32));
    }
    if (frontier.root().toString('base64') !== checkpoint.rootHash) return checkpoint;
  }
  return null;
}

/**
 * What the first difference at `position` looks like, from the events there (`found`, in commit order
 * from that position) and the checkpoint's leaves there and at the next position.
 */
async function locate(
  store: EventStore,
  files: LogFiles,
  position: number,
  size: number,
  found: readonly EventEnvelope[],
): Promise<Extract<LogVerification['problem'], { kind: 'event' }>> {
  let events = found;
  if (events.length < 2) {
    const last = events.at(-1);
    const more = last
      ? await store.readAll({ transactionId: last.transactionId, globalPosition: last.globalPosition }, 1)
      : [];
    events = [...events, ...more];
  }
  const [here, next] = events as [EventEnvelope, EventEnvelope | undefined];
  const expected = await files.tree.node(0, position);
  // The leaf after the checkpoint's last one is in the files too when they already hold more.
  const stored = Math.max(size, await files.tree.storedLeaves());
  const expectedNext: Hash | null = position + 1 < stored ? await files.tree.node(0, position + 1) : null;
  const leafHere = leafOf(here);
  const leafNext = next ? leafOf(next) : null;
  let difference: Difference;
  if (hashEvent(here) !== here.hash) difference = 'content changed';
  else if (expectedNext && leafHere.equals(expectedNext) && leafNext?.equals(expected))
    difference = 'reordered';
  else if (expectedNext && leafHere.equals(expectedNext)) difference = 'deleted';
  else if (leafNext?.equals(expected)) difference = 'inserted';
  else difference = 'rewritten';
  return {
    kind: 'event',
    difference,
    position,
    event: { id: here.id, type: here.type, streamId: here.streamId, streamVersion: here.streamVersion },
    expectedLeaf: expected.toString('hex'),
  };
}
