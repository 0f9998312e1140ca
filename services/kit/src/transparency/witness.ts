/**
 * A witness of a platform's transparency logs (`npm run transparency:witness`; decision 0033,
 * c2sp.org/tlog-cosignature). It keeps, per log, the latest checkpoint it cosigned in its own folder.
 * Each run fetches the platform's latest checkpoint, checks it is signed by the pinned platform key and,
 * by a consistency proof, that it extends the one the witness holds; only then it stores it, cosigns it
 * and sends the cosignature to the platform. A checkpoint older than the held one (a rollback), another
 * checkpoint of the same number or size, or one the held tree is not a prefix of (a fork or a rewritten
 * history) is refused: nothing is signed and the witness keeps its state.
 */
import { type KeyObject, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transparency } from '@sais/events';
import type { CheckpointRecord } from './checkpoint-log.ts';
import { trustKey, trustedKeys } from './log-files.ts';

export interface WitnessSigner {
  readonly key: transparency.WitnessKey;
  cosign(body: string, time: number): string;
}

export async function witnessSignerOf(privateKey: KeyObject, name: string): Promise<WitnessSigner> {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('a witness key must be Ed25519');
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const key = await transparency.witnessKeyOf(name, Buffer.from(jwk.x!, 'base64url'));
  return {
    key,
    cosign(body, time) {
      const signature = sign(null, transparency.cosignedMessage(body, time), privateKey);
      return transparency.cosignatureLine({ name, keyId: key.keyId, time, signature });
    },
  };
}

/** The witness's private key file (PKCS#8 PEM); with `create`, made (mode 0600) when it is not there. */
export async function loadWitnessSigner(file: string, name: string, create = false): Promise<WitnessSigner> {
  let pem: string | null = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' && create) return null;
    if (error.code === 'ENOENT')
      throw new Error(`no witness key at ${file}: run once with --create-key to make it`);
    throw error;
  });
  if (pem === null) {
    pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
  }
  return witnessSignerOf(createPrivateKey(pem), name);
}

interface Held {
  origin: string;
  number: number;
  treeSize: number;
  rootHash: string;
  note: string;
  /** The cosignature the witness made of it. */
  line: string;
}

export interface WitnessOptions {
  url: string;
  /** The witness's own folder: its pinned platform keys and, per log, the checkpoint it holds. */
  state: string;
  signer: WitnessSigner;
  logs: readonly string[];
  /** Platform keys to pin; by default the folder's, or on the first run the key the platform names. */
  keys?: readonly transparency.VerifierKey[];
  now?: () => Date;
}

class Refusal extends Error {}
class Failure extends Error {}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', 'accept-language': 'en', ...init?.headers },
  });
  const body = (await response.json().catch(() => null)) as { code: number; message: string; data: T } | null;
  if (!body || body.code !== 0)
    throw new Failure(`${url}: ${body ? `${body.code} ${body.message}` : `HTTP ${response.status}`}`);
  return body.data;
}

/** One round over the logs: a line per log; `ok` is false when a log was refused or could not be reached. */
export async function witnessLogs(options: WitnessOptions): Promise<{ ok: boolean; lines: string[] }> {
  await mkdir(options.state, { recursive: true, mode: 0o700 });
  const lines: string[] = [];
  let ok = true;
  for (const log of options.logs) {
    try {
      lines.push(`${log}: ${await witnessLog(options, log, lines)}`);
    } catch (error) {
      if (error instanceof Refusal) lines.push(`${log}: REFUSED: ${error.message}`);
      else if (error instanceof Failure) lines.push(`${log}: FAILED: ${error.message}`);
      else throw error;
      ok = false;
    }
  }
  return { ok, lines };
}

async function readHeld(file: string): Promise<Held | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Held;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function witnessLog(options: WitnessOptions, log: string, lines: string[]): Promise<string> {
  const base = `${options.url.replace(/\/$/, '')}/api/transparency/${log}`;
  const stateFile = join(options.state, log, 'witnessed.json');
  const held = await readHeld(stateFile);
  const answer = await call<{ origin: string; publicKey: string; latest: CheckpointRecord | null }>(
    `${base}/checkpoints?after=${held?.number ?? 0}&limit=1`,
  );
  const keys = await pinned(options, answer.publicKey, lines);
  const latest = answer.latest;
  if (!latest) return 'the platform has no checkpoint yet';
  const check = await transparency.verifyCheckpointNote(latest.note, keys);
  if (!check.ok)
    throw new Refusal(
      `checkpoint #${latest.number} is not signed by a pinned platform key (${check.reason})`,
    );
  const next = check.checkpoint;
  const rootHash = transparency.bytesToBase64(next.rootHash);
  if (held && next.origin !== held.origin)
    throw new Refusal(`the checkpoint is of ${next.origin}, the witness holds ${held.origin}`);
  if (held) {
    const holds = `#${held.number} (${held.treeSize} events, root ${held.rootHash}), which the witness holds`;
    if (next.number < held.number || next.treeSize < held.treeSize)
      throw new Refusal(
        `ROLLBACK: the platform's latest checkpoint is #${next.number} (${next.treeSize} events), older than ${holds}: its log was rolled back or started anew`,
      );
    if (next.number === held.number && latest.note !== held.note)
      throw new Refusal(`FORK: the platform's checkpoint #${next.number} differs from ${holds}`);
    if (next.treeSize === held.treeSize && rootHash !== held.rootHash)
      throw new Refusal(
        `FORK: checkpoint #${next.number} has another root for ${next.treeSize} events than ${holds}: the history was rewritten`,
      );
    if (next.treeSize > held.treeSize) {
      const proof = await call<{ path: string[] }>(
        `${base}/consistency?from=${held.treeSize}&to=${next.treeSize}`,
      );
      const consistent = await transparency.verifyConsistency({
        size1: held.treeSize,
        size2: next.treeSize,
        root1: transparency.base64ToBytes(held.rootHash),
        root2: next.rootHash,
        path: proof.path.map((hash) => transparency.base64ToBytes(hash)),
      });
      if (!consistent)
        throw new Refusal(
          `FORK: checkpoint #${next.number} (${next.treeSize} events) does not extend ${holds}: the history before it was rewritten`,
        );
    }
    if (next.number === held.number) {
      // Already cosigned: sent again when the platform does not show it (lost on the way, or deleted).
      if (!latest.cosignatures?.includes(held.line)) await submit(base, held.number, held.line);
      return `up to date at checkpoint #${held.number}, cosigned`;
    }
  }
  const time = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const body = transparency.splitNote(latest.note)!.body;
  const line = options.signer.cosign(body, time);
  // The state first: a crash after signing never leaves the witness without the checkpoint it signed.
  await mkdir(join(options.state, log), { recursive: true, mode: 0o700 });
  const record: Held = {
    origin: next.origin,
    number: next.number,
    treeSize: next.treeSize,
    rootHash,
    note: latest.note,
    line,
  };
  await writeFile(`${stateFile}.tmp`, JSON.stringify(record), { mode: 0o600, flush: true });
  await rename(`${stateFile}.tmp`, stateFile);
  const taken = await submit(base, next.number, line);
  return (
    `cosigned checkpoint #${next.number} (${next.treeSize} events)` +
    (held ? `, consistent with #${held.number}` : ', the first this witness holds') +
    `; the platform shows ${taken.witnesses} of ${taken.of} witnesses`
  );
}

async function submit(base: string, number: number, line: string) {
  return call<{ witnesses: number; of: number }>(`${base}/cosignatures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number, line }),
  });
}

async function pinned(options: WitnessOptions, offered: string, lines: string[]) {
  if (options.keys?.length) {
    for (const key of options.keys) await trustKey(options.state, key);
    return [...options.keys];
  }
  const known = await trustedKeys(options.state);
  if (known.length > 0) return known;
  const key = await transparency.parseVerifierKey(offered);
  await trustKey(options.state, key);
  lines.push(`pinned the platform's key ${key.text} on first use; compare it with the one it publishes`);
  return [key];
}
