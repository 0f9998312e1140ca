import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** An AES-256-GCM sealed value: its IV, authentication tag and ciphertext. */
export interface Sealed {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/**
 * Personal data and secrets at rest: AES-256-GCM with a fresh 96-bit IV, `context` (e.g. the id of the
 * document or submission the value belongs to) bound as associated data, so a value copied to another
 * record does not open.
 */
export function seal(key: Buffer, context: string, plain: Buffer): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

/** Opens a `seal`ed value; throws when the key, the context or any byte differs. */
export function open(key: Buffer, context: string, sealed: Sealed): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}

/** One buffer, iv ‖ tag ‖ ciphertext, for a single column. */
export const packSealed = (sealed: Sealed): Buffer =>
  Buffer.concat([sealed.iv, sealed.tag, sealed.ciphertext]);

export const unpackSealed = (packed: Buffer): Sealed => ({
  iv: packed.subarray(0, 12),
  tag: packed.subarray(12, 28),
  ciphertext: packed.subarray(28),
});
