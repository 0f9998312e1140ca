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
