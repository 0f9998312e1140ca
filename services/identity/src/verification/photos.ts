import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const maxPhotoBytes = 3 * 1024 * 1024;

/** The image type by its first bytes, whatever the file is called: jpg, png or bmp, else null. */
export function sniffImage(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/bmp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  // BMP: "BM", the file size field, and a known DIB header size (12, 40, 52, 56, 108 or 124 bytes).
  if (bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d) {
    const declaredSize = bytes.readUInt32LE(2);
    const dibHeader = bytes.readUInt32LE(14);
    if (declaredSize === bytes.length && [12, 40, 52, 56, 108, 124].includes(dibHeader)) return 'image/bmp';
  }
  return null;
}

export interface Sealed {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/** AES-256-GCM with a fresh 96-bit IV; the document id is bound as associated data. */
export function seal(key: Buffer, documentId: string, plain: Buffer): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(documentId));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

export function open(key: Buffer, documentId: string, sealed: Sealed): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(Buffer.from(documentId));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}
