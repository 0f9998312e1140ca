/**
 * Checking an event's inclusion proof as `GET /api/transparency/<log>/proof?eventId=` answers it: the
 * checkpoint's signature against trusted keys, then the Merkle path from the event's leaf to the signed
 * root, and (when the event's content is at hand) that the content hashes to the proven leaf.
 */
import { base64ToBytes } from './bytes.ts';
import { type HashedEvent, eventLeafHash, recomputeEventHash } from './event-leaf.ts';
import { verifyInclusion } from './merkle.ts';
import { type VerifierKey, verifyCheckpointNote } from './note.ts';

/** A signed checkpoint as the API and the transparency log files carry it. */
export interface CheckpointRecord {
  number: number;
  treeSize: number;
  /** base64 */
  rootHash: string;
  time: string;
  /** The signed note (c2sp.org/tlog-checkpoint); the fields above are read from it. */
  note: string;
  /** Witnesses' cosignature lines (c2sp.org/tlog-cosignature), where the API adds them. */
  cosignatures?: string[];
}

export interface EventInclusionProof {
  log: string;
  eventId: string;
  /** The event's chain hash as stored (hex). */
  eventHash: string;
  /** The event's place in its log's commit order; null until the checkpointer numbered it. */
  leafIndex: number | null;
  /** The checkpoint that covers the event (the latest one), or null when none does yet. */
  checkpoint: CheckpointRecord | null;
  /** base64 hashes, leaf to root (RFC 9162 §2.1.3). */
  inclusionPath: string[];
}

export type InclusionCheck =
  | { status: 'verified'; checkpoint: number; treeSize: number; leafIndex: number; contentChecked: boolean }
  | { status: 'pending' }
  | { status: 'failed'; reason: 'signature' | 'content' | 'path' };

export async function checkEventInclusion(
  proof: EventInclusionProof,
  keys: readonly VerifierKey[],
  event?: HashedEvent,
): Promise<InclusionCheck> {
  if (event && (await recomputeEventHash(event)) !== proof.eventHash)
    return { status: 'failed', reason: 'content' };
  if (!proof.checkpoint || proof.leafIndex === null) return { status: 'pending' };
  const note = await verifyCheckpointNote(proof.checkpoint.note, keys);
  if (!note.ok) return { status: 'failed', reason: 'signature' };
  let path: Uint8Array[];
  try {
    path = proof.inclusionPath.map(base64ToBytes);
  } catch {
    return { status: 'failed', reason: 'path' };
  }
  const included = await verifyInclusion({
    index: proof.leafIndex,
    size: note.checkpoint.treeSize,
    leafHash: await eventLeafHash(proof.eventHash),
    path,
    root: note.checkpoint.rootHash,
  });
  if (!included) return { status: 'failed', reason: 'path' };
  return {
    status: 'verified',
    checkpoint: note.checkpoint.number,
    treeSize: note.checkpoint.treeSize,
    leafIndex: proof.leafIndex,
    contentChecked: event !== undefined,
  };
}
