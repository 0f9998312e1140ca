/**
 * Witness cosignatures of checkpoints (c2sp.org/tlog-cosignature, Ed25519): a witness that checked a
 * checkpoint's consistency with the latest one it saw signs `cosignature/v1\ntime <unix seconds>\n`
 * followed by the checkpoint body, and adds the note signature line
 * `— <witness name> base64(key id ‖ 8-byte big-endian time ‖ signature)`. A witness key is an Ed25519 key
 * of type 0x04: its key id is SHA-256(name ‖ "\n" ‖ 0x04 ‖ public key)[0:4], and it is written like a
 * verifier key, `<name>+<key id>+<base64(0x04 ‖ public key)>`. WebCrypto only (Node 24 and browsers).
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

export const cosignatureType = 0x04;
const prefix = '— ';
const keyName = /^[^\s+]+$/;

export interface WitnessKey {
  name: string;
  keyId: Uint8Array;
  publicKey: Uint8Array;
  /** The key as written: `name+keyid+base64(0x04 ‖ key)`. */
  text: string;
}

export interface Cosignature {
  name: string;
  keyId: Uint8Array;
  /** Seconds since the epoch, as the witness signed it. */
  time: number;
  signature: Uint8Array;
}

export async function witnessKeyOf(name: string, publicKey: Uint8Array): Promise<WitnessKey> {
  if (!keyName.test(name)) throw new Error(`a witness name has no spaces or "+": ${name}`);
  if (publicKey.length !== 32) throw new Error('an Ed25519 public key has 32 bytes');
  const keyId = (
    await sha256(
      concatBytes(new TextEncoder().encode(`${name}\n`), Uint8Array.of(cosignatureType), publicKey),
    )
  ).subarray(0, 4);
  const text = `${name}+${bytesToHex(keyId)}+${bytesToBase64(concatBytes(Uint8Array.of(cosignatureType), publicKey))}`;
  return { name, keyId, publicKey, text };
}

/** Parses `name+keyid+base64` of a witness key and checks that the key id belongs to the key. */
export async function parseWitnessKey(text: string): Promise<WitnessKey> {
  const [, name, id, key] = /^([^+]*)\+([^+]*)\+(.*)$/.exec(text.trim()) ?? [];
  if (!name || !id || !key || !keyName.test(name) || !/^[0-9a-f]{8}$/.test(id))
    throw new Error('a witness key looks like name+1234abcd+base64');
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(key);
  } catch {
    throw new Error('a witness key ends in base64');
  }
  if (bytes.length !== 33 || bytes[0] !== cosignatureType)
    throw new Error('not an Ed25519 witness key (type 0x04, c2sp.org/tlog-cosignature)');
  const parsed = await witnessKeyOf(name, bytes.subarray(1));
  if (parsed.text !== text.trim()) throw new Error('the key id does not belong to this key');
  return parsed;
}

/** The text a witness signs: the header line, the time line and the checkpoint body. */
export function cosignedMessage(body: string, time: number): Uint8Array {
  if (!Number.isSafeInteger(time) || time < 0) throw new Error('a cosignature time is whole seconds ≥ 0');
  return new TextEncoder().encode(`cosignature/v1\ntime ${time}\n${body}`);
}

/** The signature line of a cosignature (without its newline). */
export function cosignatureLine(cosignature: Cosignature): string {
  const time = new Uint8Array(8);
  new DataView(time.buffer).setBigUint64(0, BigInt(cosignature.time));
  return `${prefix}${cosignature.name} ${bytesToBase64(concatBytes(cosignature.keyId, time, cosignature.signature))}`;
}

/** Reads a cosignature line (`— name base64`, 76 bytes); null when it is not one. */
export function parseCosignatureLine(line: string): Cosignature | null {
  if (!line.startsWith(prefix)) return null;
  const [name, encoded, ...rest] = line.slice(prefix.length).split(' ');
  if (!name || !encoded || rest.length > 0 || !keyName.test(name)) return null;
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(encoded);
  } catch {
    return null;
  }
  if (bytes.length !== 4 + 8 + 64) return null;
  const time = new DataView(bytes.buffer, bytes.byteOffset + 4, 8).getBigUint64(0);
  if (time > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { name, keyId: bytes.slice(0, 4), time: Number(time), signature: bytes.slice(12) };
}

/**
 * Checks one cosignature line on a checkpoint body against the witness keys one trusts: the key whose
 * name and id it carries, and a valid signature of that body at its time.
 */
export async function verifyCosignature(
  body: string,
  line: string,
  keys: readonly WitnessKey[],
): Promise<
  | { ok: true; key: WitnessKey; time: number }
  | { ok: false; reason: 'malformed' | 'unknown witness' | 'bad signature' }
> {
  const cosignature = parseCosignatureLine(line);
  if (!cosignature) return { ok: false, reason: 'malformed' };
  const key = keys.find((k) => k.name === cosignature.name && equalBytes(k.keyId, cosignature.keyId));
  if (!key) return { ok: false, reason: 'unknown witness' };
  const valid = await verifyEd25519(
    key.publicKey,
    cosignature.signature,
    cosignedMessage(body, cosignature.time),
  );
  return valid ? { ok: true, key, time: cosignature.time } : { ok: false, reason: 'bad signature' };
}

/**
 * The witnesses among `keys` with a valid cosignature of `body` in `lines` (each witness once; lines of
 * other or unknown witnesses are left aside).
 */
export async function cosignedBy(
  body: string,
  lines: readonly string[],
  keys: readonly WitnessKey[],
): Promise<{ witnesses: WitnessKey[]; invalid: string[] }> {
  const witnesses: WitnessKey[] = [];
  const invalid: string[] = [];
  for (const line of lines) {
    const check = await verifyCosignature(body, line, keys);
    if (check.ok) {
      if (!witnesses.includes(check.key)) witnesses.push(check.key);
    } else if (check.reason !== 'unknown witness') invalid.push(line);
  }
  return { witnesses, invalid };
}
