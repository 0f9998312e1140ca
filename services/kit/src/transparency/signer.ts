/**
 * The platform's checkpoint signing key (Ed25519) and where the transparency logs live. The key is kept
 * with the platform's other keys, never in the database or its data folder: `SAIS_TRANSPARENCY_KEY`
 * (PKCS#8 PEM, or its base64 DER), else `<keys>/transparency-ed25519.pem` (mode 0600), made on first use.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { type Language, transparency, translateWith } from '@sais/events';
import { keysDirectory } from '../keys/keys.ts';
import type { PlatformConfig } from '../config.ts';

export const signingKeyFile = 'transparency-ed25519.pem';

/**
 * Where the transparency logs are written: `SAIS_TRANSPARENCY_DIR`, else `<data>-transparency` beside
 * the data folder. Apart from the data, so a restored or rewritten database cannot take them with it.
 */
export function transparencyDirectory(config: PlatformConfig): string {
  if (config.env.SAIS_TRANSPARENCY_DIR) return resolve(config.env.SAIS_TRANSPARENCY_DIR);
  const data = resolve(config.dataDir || '.data');
  return join(dirname(data), `${basename(data)}-transparency`);
}

/** What a signer may ask of the log it signs for (a signing agent checks what it signs; decision 0048). */
export interface SigningContext {
  /**
   * The consistency path (base64 hashes, RFC 9162) from the log's first `from` leaves to the tree of the
   * checkpoint being signed.
   */
  consistency(from: number): Promise<string[]>;
}

export interface CheckpointSigner {
  readonly key: transparency.VerifierKey;
  /** The signed note: the body, a blank line and the signature line. */
  sign(body: string, context?: SigningContext): Promise<string>;
}

export interface SignRequest {
  body: string;
  /** The consistency path from the `from` leaves the agent holds to the body's tree (base64 hashes). */
  consistency?: { from: number; path: string[] };
}

export async function signerOf(privateKey: KeyObject, name: string): Promise<CheckpointSigner> {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the checkpoint key must be Ed25519');
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const key = await transparency.verifierKeyOf(name, Buffer.from(jwk.x!, 'base64url'));
  return {
    key,
    async sign(body) {
      const signature = sign(null, Buffer.from(body, 'utf8'), privateKey);
      const line = Buffer.concat([key.keyId, signature]).toString('base64');
      return `${body}\n— ${key.name} ${line}\n`;
    },
  };
}

function parsePrivateKey(text: string, where: string): KeyObject {
  try {
    return text.includes('-----BEGIN')
      ? createPrivateKey(text)
      : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  } catch (error) {
    throw new Error(`${where} does not hold an Ed25519 private key (PKCS#8 PEM or base64 DER)`, {
      cause: error,
    });
  }
}

/** The key name in signatures and verifier keys: `SAIS_TRANSPARENCY_NAME`, default `sais-platform`. */
export function signerName(config: PlatformConfig): string {
  return config.env.SAIS_TRANSPARENCY_NAME || 'sais-platform';
}

export async function loadCheckpointSigner(
  config: PlatformConfig,
  /** `false`: never make one (a tool that only reads it: a missing key is an error, not a new key). */
  { create = true }: { create?: boolean } = {},
): Promise<CheckpointSigner> {
  const agent = config.env.SAIS_TRANSPARENCY_SIGNER;
  if (agent) {
    const secret = config.env.SAIS_TRANSPARENCY_SIGNER_SECRET;
    if (!secret)
      throw new Error("SAIS_TRANSPARENCY_SIGNER needs SAIS_TRANSPARENCY_SIGNER_SECRET (the agent's secret)");
    return remoteSigner(agent, secret);
  }
  const name = signerName(config);
  const fromEnv = config.env.SAIS_TRANSPARENCY_KEY;
  if (fromEnv) return signerOf(parsePrivateKey(fromEnv, 'SAIS_TRANSPARENCY_KEY'), name);
  const dir = keysDirectory(config);
  const file = join(dir, signingKeyFile);
  if (!create) {
    const pem = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new MissingSigningKey(file);
      throw error;
    });
    return signerOf(parsePrivateKey(pem, file), name);
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
  // 'wx': when several processes start at once, the first write wins and all read the same key.
  await writeFile(file, pem, { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return signerOf(parsePrivateKey(await readFile(file, 'utf8'), file), name);
}

/** A signer from a private key file (PKCS#8 PEM or base64 DER): an old key that endorses its successor. */
export async function signerFromFile(file: string, config: PlatformConfig): Promise<CheckpointSigner> {
  return signerOf(parsePrivateKey(await readFile(file, 'utf8'), file), signerName(config));
}

/**
 * A refusal about the signing key (none where a tool that must not make one looked, one that `--create`
 * would replace), in both languages as the platform's other start-up refusals (issue 35): English, then
 * zh-CN.
 */
export class SigningKeyRefused extends Error {
  readonly text: Record<Language, string>;
  constructor(key: 'signingKeyMissing' | 'signingKeyExists' | 'signingKeyFromEnvironment', keyFile = '') {
    const text = {
      en: translateWith(key, 'en', { keyFile }),
      'zh-CN': translateWith(key, 'zh-CN', { keyFile }),
    };
    super(`${text.en}\n${text['zh-CN']}`);
    this.text = text;
    this.name = 'SigningKeyRefused';
  }
}

/** No signing key where a tool that must not make one looked for it. */
export class MissingSigningKey extends SigningKeyRefused {
  constructor(readonly file: string) {
    super('signingKeyMissing', file);
    this.name = 'MissingSigningKey';
  }
}

/** The agent refused to sign (a rollback, a fork, an adoption over a held log), or could not be reached. */
export class SigningRefused extends Error {
  override name = 'SigningRefused';
}

/**
 * A checkpoint signer that asks a signing agent (`SAIS_TRANSPARENCY_SIGNER`, its secret
 * `SAIS_TRANSPARENCY_SIGNER_SECRET`): it sends the consistency path the agent asks for, and checks that
 * what comes back is the body signed by the agent's key.
 */
export async function remoteSigner(url: string, secret: string): Promise<CheckpointSigner> {
  const base = url.replace(/\/$/, '');
  const call = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, init).catch((error: unknown) => {
      throw new SigningRefused(`the signing agent at ${base} does not answer (${String(error)})`);
    });
    const envelope = (await response.json().catch(() => null)) as {
      code: number;
      message: string;
      data: { key?: string; note?: string; from?: number } | null;
    } | null;
    if (!envelope) throw new SigningRefused(`the signing agent at ${base} answered HTTP ${response.status}`);
    return envelope;
  };
  const answer = await call('/key');
  if (answer.code !== 0 || !answer.data?.key)
    throw new SigningRefused(`the signing agent at ${base} gives no key: ${answer.message}`);
  const key = await transparency.parseVerifierKey(answer.data.key);
  return {
    key,
    async sign(body, context) {
      let consistency: SignRequest['consistency'];
      for (let round = 0; round < 2; round++) {
        const result = await call('/sign', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
          body: JSON.stringify({ body, consistency }),
        });
        if (result.code === 0 && result.data?.note) {
          const note = result.data.note;
          const check = await transparency.verifyNote(note, [key]);
          if (!check.ok || !note.startsWith(`${body}\n`))
            throw new SigningRefused(
              `the signing agent at ${base} answered a note that is not this body signed by ${key.text}`,
            );
          return note;
        }
        if (result.code === 409 && typeof result.data?.from === 'number' && context && !consistency) {
          consistency = { from: result.data.from, path: await context.consistency(result.data.from) };
          continue;
        }
        throw new SigningRefused(`the signing agent at ${base} refused: ${result.message}`);
      }
      throw new SigningRefused(`the signing agent at ${base} asked for another proof`);
    },
  };
}
