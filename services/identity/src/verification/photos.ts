import { crc32 } from 'node:zlib';

export const maxPhotoBytes = 3 * 1024 * 1024;
/**
 * The largest picture a certificate photo may be: a phone's camera makes 12–50 megapixels, and a
 * reviewer's browser must decode it (4 bytes a pixel), so a header claiming 100,000 × 100,000 is refused.
 */
export const photoLimits = { maxSide: 12_000, maxPixels: 50_000_000 } as const;

export type PhotoMime = 'image/jpeg' | 'image/png' | 'image/bmp';
export interface Photo {
  mime: PhotoMime;
  width: number;
  height: number;
}
/** Why a file is not accepted as a certificate photo. */
export type PhotoRefusal = 'format' | 'pixels';

/**
 * Checks a whole certificate photo, not just its first bytes: a PNG's chunks with their CRCs up to IEND,
 * a JPEG's segments and scans up to EOI, a BMP's header sizes against its pixel data, with nothing after
 * the image's end (a JPEG header followed by HTML is refused), and its real dimensions within
 * `photoLimits`. Decision 0011 says why this and not a re-encode.
 */
export function inspectPhoto(bytes: Buffer): Photo | PhotoRefusal {
  const photo = readPng(bytes) ?? readJpeg(bytes) ?? readBmp(bytes);
  if (!photo) return 'format';
  const { width, height } = photo;
  if (width > photoLimits.maxSide || height > photoLimits.maxSide || width * height > photoLimits.maxPixels)
    return 'pixels';
  return photo;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Bit depths each PNG colour type allows.
const pngDepths: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function readPng(bytes: Buffer): Photo | null {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(pngSignature)) return null;
  let at = 8;
  let size: { width: number; height: number } | null = null;
  let sawData = false;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return null;
    const crc = bytes.readUInt32BE(end - 4);
    if (crc32(bytes.subarray(at + 4, end - 4)) !== crc) return null;
    const data = bytes.subarray(at + 8, end - 4);
    if (size === null) {
      if (type !== 'IHDR' || length !== 13) return null;
      const [depth, colour] = [data[8]!, data[9]!];
      if (!pngDepths[colour]?.includes(depth)) return null;
      size = { width: data.readUInt32BE(0), height: data.readUInt32BE(4) };
      if (size.width === 0 || size.height === 0) return null;
    } else if (type === 'IDAT') sawData = true;
    else if (type === 'IEND')
      return sawData && length === 0 && end === bytes.length ? { mime: 'image/png', ...size } : null;
    at = end;
  }
  return null;
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the dimensions.
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function readJpeg(bytes: Buffer): Photo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  let size: { width: number; height: number } | null = null;
  let sawScan = false;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    while (bytes[at] === 0xff) at++; // fill bytes
    const marker = bytes[at++];
    if (marker === undefined) return null;
    if (marker === 0xd9)
      return size && sawScan && at === bytes.length ? { mime: 'image/jpeg', ...size } : null;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // no length
    if (marker === 0xd8 || marker === 0x00 || at + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(at);
    if (length < 2 || at + length > bytes.length) return null;
    if (startOfFrame.has(marker)) {
      if (length < 8) return null;
      size = { height: bytes.readUInt16BE(at + 3), width: bytes.readUInt16BE(at + 5) };
      if (size.width === 0 || size.height === 0) return null;
    }
    at += length;
    if (marker === 0xda) {
      if (!size) return null;
      sawScan = true;
      // Entropy-coded data: up to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (at + 1 < bytes.length) {
        if (bytes[at] === 0xff && bytes[at + 1] !== 0x00 && (bytes[at + 1]! < 0xd0 || bytes[at + 1]! > 0xd7))
          break;
        at++;
      }
      if (at + 1 >= bytes.length) return null;
    }
  }
  return null;
}

const bmpHeaderSizes = new Set([12, 40, 52, 56, 108, 124]);
const bmpBitCounts = new Set([1, 4, 8, 16, 24, 32]);

function readBmp(bytes: Buffer): Photo | null {
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return null;
  if (bytes.readUInt32LE(2) !== bytes.length) return null;
  const pixelsAt = bytes.readUInt32LE(10);
  const header = bytes.readUInt32LE(14);
  if (!bmpHeaderSizes.has(header) || 14 + header > bytes.length || pixelsAt < 14 + header) return null;
  const core = header === 12;
  const width = core ? bytes.readUInt16LE(18) : bytes.readInt32LE(18);
  const height = Math.abs(core ? bytes.readUInt16LE(20) : bytes.readInt32LE(22));
  const planes = bytes.readUInt16LE(core ? 22 : 26);
  const bitCount = bytes.readUInt16LE(core ? 24 : 28);
  const compression = core ? 0 : bytes.readUInt32LE(30);
  if (width <= 0 || height === 0 || planes !== 1 || !bmpBitCounts.has(bitCount)) return null;
  if (compression === 0 || compression === 3) {
    // Uncompressed rows are padded to 4 bytes; the pixels must be in the file, and nothing but a
    // version-5 header's colour profile (or a few bytes of padding) after them.
    const pixelsEnd = pixelsAt + Math.floor((bitCount * width + 31) / 32) * 4 * height;
    const profileEnd =
      header === 124 && bytes.readUInt32LE(14 + 116) > 0
        ? 14 + bytes.readUInt32LE(14 + 112) + bytes.readUInt32LE(14 + 116)
        : 0;
    if (pixelsEnd > bytes.length || bytes.length > Math.max(pixelsEnd + 4, profileEnd)) return null;
  } else if (compression === 1 || compression === 2) {
    if (pixelsAt >= bytes.length) return null; // run-length coded: at least some pixel data
  } else return null;
  return { mime: 'image/bmp', width, height };
}
