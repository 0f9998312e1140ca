/**
 * A copy of a platform's transparency logs kept by someone else (`npm run transparency:mirror`). Each run
 * fetches the checkpoints signed since the copy's latest, checks each one's signature against the pinned
 * key and its consistency proof from the one before, copies the new leaf hashes and checks that they give
 * every signed root, and only then stores them. A platform whose history was rewritten after the copy was
 * made cannot produce a consistency proof from the copy's checkpoint: the copy says so and keeps its own.
 */
import { readEnvelope, transparency } from '@sais/events';
import type { CheckpointRecord } from './checkpoint-log.ts';
import { type LogFiles, openLogFiles, trustKey, trustedKeys } from './log-files.ts';
import { MerkleFrontier } from './merkle-tree.ts';
import { maxLeavesPerCall } from './routes.ts';

export interface MirrorOptions {
  /** The platform's origin, e.g. https://competitions.example.org */
  url: string;
  /** The copy's transparency directory (same layout as the platform's). */
  directory: string;
  logs: readonly string[];
  /** Keys to pin; by default the directory's keys, or on the first run the key the platform names. */
  keys?: readonly transparency.VerifierKey[];
  /**
   * Witness keys (decision 0033): the cosignatures the platform serves with new checkpoints are checked
   * against them and the valid ones copied; one that does not verify fails the run, and so does a latest
   * checkpoint with fewer than `quorum` of them (default 0: only said).
   */
  witnesses?: readonly transparency.WitnessKey[];
  quorum?: number;
}

export interface MirrorResult {
  ok: boolean;
  lines: string[];
}

class MirrorFailure extends Error {}

interface CheckpointsAnswer {
  publicKey: string;
  latest: CheckpointRecord | null;
  checkpoints: CheckpointRecord[];
}

async function call<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json', 'accept-language': 'en' } });
  const body = readEnvelope<T>(await response.json().catch(() => null));
  if (!body || body.code !== 0)
    throw new MirrorFailure(`${url}: ${body ? `${body.code} ${body.message}` : `HTTP ${response.status}`}`);
  return body.data as T;
}

export async function mirrorLogs(options: MirrorOptions): Promise<MirrorResult> {
  const lines: string[] = [];
  let ok = true;
  for (const log of options.logs) {
    const files = await openLogFiles(options.directory, log);
    try {
      lines.push(`${log}: ${await mirrorLog(options, log, files, lines)}`);
    } catch (error) {
      if (!(error instanceof MirrorFailure)) throw error;
      ok = false;
      lines.push(`${log}: FAILED: ${error.message}`);
    } finally {
      await files.close();
    }
  }
  return { ok, lines };
}

async function mirrorLog(
  options: MirrorOptions,
  log: string,
  files: LogFiles,
  lines: string[],
): Promise<string> {
  const base = `${options.url.replace(/\/$/, '')}/api/transparency/${log}`;
  await files.checkpoints.repair();
  const held = await files.checkpoints.latest();
  const heldSize = held?.treeSize ?? 0;
  await files.tree.truncate(heldSize); // leaves no stored checkpoint covers are fetched again
  const first = await call<CheckpointsAnswer>(`${base}/checkpoints?after=${held?.number ?? 0}&limit=1000`);
  const keys = await pinnedKeys(options, first.publicKey, lines);
  if (!first.latest) return 'the platform has no checkpoint yet';
  if (held && first.latest.number < held.number)
    throw new MirrorFailure(
      `the platform's latest checkpoint is #${first.latest.number}, older than the copy's #${held.number}: its log was rolled back`,
    );
  if (held && first.latest.number === held.number && first.latest.note !== held.note)
    throw new MirrorFailure(
      `the platform's checkpoint #${held.number} differs from the copy's: its log was forked`,
    );

  const verified: CheckpointRecord[] = [];
  let previous = held;
  for (let page = first.checkpoints; page.length > 0;) {
    for (const checkpoint of page) {
      await checkSigned(checkpoint, keys);
      await checkExtends(base, previous, checkpoint);
      verified.push(checkpoint);
      previous = checkpoint;
    }
    page = (await call<CheckpointsAnswer>(`${base}/checkpoints?after=${previous!.number}&limit=1000`))
      .checkpoints;
  }
  if (verified.length === 0)
    return (
      `up to date at checkpoint #${held?.number} (${heldSize} events)` +
      (options.witnesses?.length ? `; ${await copyCosignatures(options, files, [first.latest])}` : '')
    );

  await copyLeaves(base, files, verified);
  const last = verified.at(-1)!;
  const witnessed = options.witnesses?.length ? `; ${await copyCosignatures(options, files, verified)}` : '';
  return (
    `${verified.length} new checkpoints #${verified[0]!.number}–#${last.number}, ${last.treeSize - heldSize} new events` +
    (held ? `, consistent with the copy's #${held.number}` : '') +
    witnessed
  );
}

/** Checks the served cosignatures against the witness keys and keeps the valid ones in the copy. */
async function copyCosignatures(options: MirrorOptions, files: LogFiles, checkpoints: CheckpointRecord[]) {
  const witnesses = options.witnesses!;
  let latestCount = 0;
  let latest = 0;
  for (const checkpoint of checkpoints) {
    const body = transparency.splitNote(checkpoint.note)!.body;
    const lines = checkpoint.cosignatures ?? [];
    const { witnesses: by, invalid } = await transparency.cosignedBy(body, lines, witnesses);
    if (invalid.length > 0)
      throw new MirrorFailure(
        `checkpoint #${checkpoint.number} carries a cosignature that does not verify: ${invalid[0]}`,
      );
    for (const line of lines)
      if ((await transparency.verifyCosignature(body, line, witnesses)).ok)
        await files.cosignatures.add(checkpoint.number, line);
    if (checkpoint.number >= latest) {
      latest = checkpoint.number;
      latestCount = by.length;
    }
  }
  if (latestCount < (options.quorum ?? 0))
    throw new MirrorFailure(
      `checkpoint #${latest} is cosigned by ${latestCount} of the ${options.quorum} witnesses required`,
    );
  return `checkpoint #${latest} cosigned by ${latestCount} of ${witnesses.length} witnesses`;
}

async function pinnedKeys(
  options: MirrorOptions,
  offered: string,
  lines: string[],
): Promise<transparency.VerifierKey[]> {
  if (options.keys?.length) {
    for (const key of options.keys) await trustKey(options.directory, key);
    return [...options.keys];
  }
  const known = await trustedKeys(options.directory);
  if (known.length > 0) return known;
  const key = await transparency.parseVerifierKey(offered);
  await trustKey(options.directory, key);
  lines.push(`pinned the platform's key ${key.text} on first use; compare it with the one it publishes`);
  return [key];
}

async function checkSigned(checkpoint: CheckpointRecord, keys: readonly transparency.VerifierKey[]) {
  const check = await transparency.verifyCheckpointNote(checkpoint.note, keys);
  if (!check.ok)
    throw new MirrorFailure(
      `checkpoint #${checkpoint.number} is not signed by a pinned key (${check.reason})`,
    );
  const { number, treeSize, rootHash } = check.checkpoint;
  if (
    number !== checkpoint.number ||
    treeSize !== checkpoint.treeSize ||
    transparency.bytesToBase64(rootHash) !== checkpoint.rootHash
  )
    throw new MirrorFailure(`checkpoint #${checkpoint.number}: the fields do not match its signed note`);
}

async function checkExtends(base: string, previous: CheckpointRecord | null, next: CheckpointRecord) {
  if (!previous) return;
  if (next.number !== previous.number + 1 || next.treeSize <= previous.treeSize)
    throw new MirrorFailure(`checkpoint #${next.number} does not follow #${previous.number}`);
  const proof = await call<{ path: string[] }>(
    `${base}/consistency?from=${previous.treeSize}&to=${next.treeSize}`,
  );
  const consistent = await transparency.verifyConsistency({
    size1: previous.treeSize,
    size2: next.treeSize,
    root1: transparency.base64ToBytes(previous.rootHash),
    root2: transparency.base64ToBytes(next.rootHash),
    path: proof.path.map((hash) => transparency.base64ToBytes(hash)),
  });
  if (!consistent)
    throw new MirrorFailure(
      `checkpoint #${next.number} (${next.treeSize} events) does not extend #${previous.number} (${previous.treeSize}): the history before it was rewritten`,
    );
}

/** Fetches the leaves up to each checkpoint, checks they give its root, then stores leaves and checkpoint. */
async function copyLeaves(base: string, files: LogFiles, checkpoints: readonly CheckpointRecord[]) {
  const { tree } = files;
  for (const checkpoint of checkpoints) {
    const frontier = await MerkleFrontier.load(tree.size, tree);
    const leaves: Buffer[] = [];
    while (frontier.size < checkpoint.treeSize) {
      const count = Math.min(maxLeavesPerCall, checkpoint.treeSize - frontier.size);
      const answer = await call<{ hashes: string }>(`${base}/leaves?start=${frontier.size}&count=${count}`);
      const bytes = Buffer.from(answer.hashes, 'base64');
      if (bytes.length !== count * 32) throw new MirrorFailure(`leaves from ${frontier.size}: wrong length`);
      for (let i = 0; i < count; i++) {
        const leaf = bytes.subarray(i * 32, i * 32 + 32);
        frontier.append(leaf);
        leaves.push(leaf);
      }
    }
    if (frontier.root().toString('base64') !== checkpoint.rootHash)
      throw new MirrorFailure(
        `the leaves the platform serves do not give the root of checkpoint #${checkpoint.number}`,
      );
    await tree.append(leaves);
    await tree.sync();
    await files.checkpoints.append(checkpoint.note);
  }
}
