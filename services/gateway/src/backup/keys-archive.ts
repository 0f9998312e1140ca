import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt cost: about 0.1–0.3 s and 64 MiB per derivation, as OWASP suggests for scrypt. */
const cost = { N: 2 ** 16, r: 8, p: 1, maxmem: 128 * 1024 * 1024 };

/**
 * The keys folder sealed with a passphrase (scrypt → AES-256-GCM), for `npm run backup -- --with-keys`:
 * the data and its keys may then travel in one backup, but never the keys in clear.
 */
export interface SealedKeys {
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

export function passphraseFrom(env: NodeJS.ProcessEnv): string {
  const passphrase = env.SAIS_BACKUP_PASSPHRASE ?? '';
  if (passphrase.length < 12)
    throw new Error('set SAIS_BACKUP_PASSPHRASE (at least 12 characters) to seal or open the keys');
  return passphrase;
}

export async function sealKeys(keys: Record<string, Buffer>, passphrase: string): Promise<SealedKeys> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await derive(passphrase, salt, 32, cost);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const plain = Buffer.from(
    JSON.stringify(Object.fromEntries(Object.entries(keys).map(([n, b]) => [n, b.toString('base64')]))),
  );
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return {
    kdf: 'scrypt',
    N: cost.N,
    r: cost.r,
    p: cost.p,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

export async function openKeys(sealed: SealedKeys, passphrase: string): Promise<Record<string, Buffer>> {
  const key = await derive(passphrase, Buffer.from(sealed.salt, 'base64'), 32, {
    N: sealed.N,
    r: sealed.r,
    p: sealed.p,
    maxmem: cost.maxmem,
  });
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
  } catch {
    throw new Error('the keys archive does not open with this passphrase (or it was altered)');
  }
  const parsed = JSON.parse(plain.toString('utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(parsed).map(([name, b64]) => [name, Buffer.from(b64, 'base64')]));
}
