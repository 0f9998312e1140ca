/**
 * Signed checkpoints in the C2SP formats that transparency logs share (c2sp.org/tlog-checkpoint,
 * c2sp.org/signed-note): a note body of origin, tree size, root hash (base64) and one extension line
 * `checkpoint <number> <ISO time>`, then a blank line and one line per signature:
 * `— <key name> <base64(key id ‖ Ed25519 signature of the body)>`. A verifier key is written
 * `<name>+<key id, 8 hex>+<base64(0x01 ‖ 32-byte Ed25519 public key)>`; the key id is the first 4 bytes
 * of SHA-256(name ‖ "\n" ‖ 0x01 ‖ public key). WebCrypto only (Ed25519: Node 24, Chromium ≥ 137).
 */
import {
  base64ToBytes,
  bytesToBase64,
  bytesToHex,
  concatBytes,
  equalBytes,
  sha256,
  verifyEd25519,
} from './bytes.ts';
import { hashSize } from './merkle.ts';

export interface Checkpoint {
  /** The log's name, e.g. `sais-platform/scoring`. */
  origin: string;
  treeSize: number;
  rootHash: Uint8Array;
  /** The checkpoint's number in its log (1, 2, …) and when it was signed, as the signed text says. */
  number: number;
  time: string;
}

export interface VerifierKey {
  name: string;
  keyId: Uint8Array;
  publicKey: Uint8Array;
  /** The key as written: `name+keyid+base64`. */
  text: string;
}

const ed25519Type = 0x01;
const signaturePrefix = '— ';

/** The signed text of a checkpoint (ends with a newline). */
export function checkpointBody(checkpoint: Checkpoint): string {
  return (
    `${checkpoint.origin}\n${checkpoint.treeSize}\n${bytesToBase64(checkpoint.rootHash)}\n` +
    `checkpoint ${checkpoint.number} ${checkpoint.time}\n`
  );
}

export async function keyIdOf(name: string, publicKey: Uint8Array): Promise<Uint8Array> {
  const digest = await sha256(
    concatBytes(new TextEncoder().encode(`${name}\n`), Uint8Array.of(ed25519Type), publicKey),
  );
  return digest.subarray(0, 4);
}

const keyName = /^[^\s+]+$/;

export async function verifierKeyOf(name: string, publicKey: Uint8Array): Promise<VerifierKey> {
  if (!keyName.test(name)) throw new Error(`a key name has no spaces or "+": ${name}`);
  const keyId = await keyIdOf(name, publicKey);
  const text = `${name}+${bytesToHex(keyId)}+${bytesToBase64(concatBytes(Uint8Array.of(ed25519Type), publicKey))}`;
  return { name, keyId, publicKey, text };
}

/** Parses `name+keyid+base64` and checks that the key id belongs to the key. */
export async function parseVerifierKey(text: string): Promise<VerifierKey> {
  // The base64 part may hold "+" itself: only the first two separate.
  const [, name, id, key] = /^([^+]*)\+([^+]*)\+(.*)$/.exec(text.trim()) ?? [];
  if (!name || !id || !key || !keyName.test(name) || !/^[0-9a-f]{8}$/.test(id))
    throw new Error('a verifier key looks like name+1234abcd+base64');
  const bytes = base64ToBytes(key);
  if (bytes.length !== 33 || bytes[0] !== ed25519Type) throw new Error('not an Ed25519 verifier key');
  const parsed = await verifierKeyOf(name, bytes.subarray(1));
  if (parsed.text !== text.trim()) throw new Error('the key id does not belong to this key');
  return parsed;
}

/** A note's body and its signature lines; null when the text is not a note. */
export function splitNote(
  text: string,
): { body: string; signatures: { name: string; keyId: Uint8Array; signature: Uint8Array }[] } | null {
  const end = text.indexOf('\n\n');
  if (end < 0 || !text.endsWith('\n')) return null;
  const body = text.slice(0, end + 1);
  const signatures = [];
  for (const line of text.slice(end + 2, -1).split('\n')) {
    if (!line.startsWith(signaturePrefix)) return null;
    const [name, encoded, ...rest] = line.slice(signaturePrefix.length).split(' ');
    if (!name || !encoded || rest.length > 0) return null;
    let bytes: Uint8Array;
    try {
      bytes = base64ToBytes(encoded);
    } catch {
      return null;
    }
    // 4-byte key id and an Ed25519 signature; a cosignature (c2sp.org/tlog-cosignature) has an 8-byte
    // time between them.
    if (bytes.length !== 4 + 64 && bytes.length !== 4 + 8 + 64) return null;
    signatures.push({ name, keyId: bytes.subarray(0, 4), signature: bytes.subarray(4) });
  }
  return signatures.length > 0 ? { body, signatures } : null;
}

/** Reads a checkpoint body; null when it is not one. */
export function parseCheckpointBody(body: string): Checkpoint | null {
  const lines = body.split('\n');
  if (lines.length !== 5 || lines[4] !== '') return null;
  const [origin, size, root, extension] = lines as [string, string, string, string];
  const stamp = /^checkpoint ([1-9]\d{0,15}) (\S+)$/.exec(extension);
  if (!origin || !/^(0|[1-9]\d{0,15})$/.test(size) || !stamp) return null;
  let rootHash: Uint8Array;
  try {
    rootHash = base64ToBytes(root);
  } catch {
    return null;
  }
  const treeSize = Number(size);
  if (rootHash.length !== hashSize || !Number.isSafeInteger(treeSize)) return null;
  return { origin, treeSize, rootHash, number: Number(stamp[1]), time: stamp[2]! };
}

export type NoteCheck =
  | { ok: true; body: string; signedBy: VerifierKey }
  | { ok: false; reason: 'malformed' | 'unknown key' | 'bad signature' };

/** Verifies a signed note (c2sp.org/signed-note) against the keys one trusts (any of them suffices). */
export async function verifyNote(text: string, keys: readonly VerifierKey[]): Promise<NoteCheck> {
  const note = splitNote(text);
  if (!note) return { ok: false, reason: 'malformed' };
  const body = new TextEncoder().encode(note.body);
  let known = false;
  for (const signature of note.signatures) {
    const key = keys.find((k) => k.name === signature.name && equalBytes(k.keyId, signature.keyId));
    if (!key || signature.signature.length !== 64) continue;
    known = true;
    const valid = await verifyEd25519(key.publicKey, signature.signature, body);
    if (valid) return { ok: true, body: note.body, signedBy: key };
  }
  return { ok: false, reason: known ? 'bad signature' : 'unknown key' };
}

export type CheckpointCheck =
  | { ok: true; checkpoint: Checkpoint; signedBy: VerifierKey }
  | { ok: false; reason: 'malformed' | 'unknown key' | 'bad signature' };

/** Verifies a signed checkpoint and reads it. */
export async function verifyCheckpointNote(
  text: string,
  keys: readonly VerifierKey[],
): Promise<CheckpointCheck> {
  const note = await verifyNote(text, keys);
  if (!note.ok) return note;
  const checkpoint = parseCheckpointBody(note.body);
  if (!checkpoint) return { ok: false, reason: 'malformed' };
  return { ok: true, checkpoint, signedBy: note.signedBy };
}
