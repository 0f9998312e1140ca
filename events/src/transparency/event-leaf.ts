/**
 * What a leaf of an event log's Merkle tree is (leaf format v1, docs/decisions/0012-transparency-checkpoints.md):
 * the 32 bytes of the event's chain hash, i.e. SHA-256 of the event's canonical text below. The text
 * covers everything stored about the event but its positions (id, stream and version, type, schema
 * version, time, actor and correlation, payload) and the previous hash of its stream, so a leaf commits
 * to the event and, through the chain, to its stream's history.
 */
import type { EventEnvelope } from '../envelope.ts';
import { hexToBytes, bytesToHex, sha256 } from './bytes.ts';
import { hashLeaf } from './merkle.ts';

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The fields of an event that its hash covers. */
export type HashedEvent = Omit<EventEnvelope, 'hash' | 'globalPosition' | 'transactionId'>;

/** The canonical text of an event; its SHA-256 (hex) is the event's `hash`. */
export function eventCanonicalText(event: HashedEvent): string {
  return canonicalJson({
    previousHash: event.previousHash,
    id: event.id,
    streamType: event.streamType,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
    version: event.version,
    occurredAt: event.occurredAt,
    metadata: { actor: event.actor, correlationId: event.correlationId, causationId: event.causationId },
    data: event.data,
  });
}

/** The event's chain hash recomputed from its content (lowercase hex), in the browser or in Node. */
export async function recomputeEventHash(event: HashedEvent): Promise<string> {
  return bytesToHex(await sha256(new TextEncoder().encode(eventCanonicalText(event))));
}

/** The Merkle leaf hash of an event whose chain hash is `eventHash` (hex). */
export function eventLeafHash(eventHash: string): Promise<Uint8Array> {
  return hashLeaf(hexToBytes(eventHash));
}
