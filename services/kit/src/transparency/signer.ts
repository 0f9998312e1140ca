/**
 * The platform's checkpoint signing key (Ed25519) and where the transparency logs live. The key is kept
 * with the platform's other keys, never in the database or its data folder: `SAIS_TRANSPARENCY_KEY`
 * (PKCS#8 PEM, or its base64 DER), else `<keys>/transparency-ed25519.pem` (mode 0600), made on first use.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { transparency } from '@sais/events';
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

export interface CheckpointSigner {
  readonly key: transparency.VerifierKey;
  /** The signed note: the body, a blank line and the signature line. */
  sign(body: string): string;
}

export async function signerOf(privateKey: KeyObject, name: string): Promise<CheckpointSigner> {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the checkpoint key must be Ed25519');
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const key = await transparency.verifierKeyOf(name, Buffer.from(jwk.x!, 'base64url'));
  return {
    key,
    sign(body) {
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

/** No signing key where a tool that must not make one looked for it. */
export class MissingSigningKey extends Error {
  constructor(readonly file: string) {
    super(
      `No checkpoint signing key at ${file}: the platform makes it on its first start. Check SAIS_DATA_DIR ` +
        '/ SAIS_KEYS_DIR (or SAIS_TRANSPARENCY_KEY); to make one outside a first start, run ' +
        '`npm run transparency:key -- --create`.',
    );
    this.name = 'MissingSigningKey';
  }
}
