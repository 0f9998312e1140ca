import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inspectPhoto } from '../src/verification/photos.ts';
import { declaredPng, png } from './support.ts';

// Small real images (CPython's test images): a JFIF JPEG, a PNG, a version-5 BMP with bit fields.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('certificate photos are checked as whole images (finding 5)', () => {
  it('accepts real JPEG, PNG and BMP files and reads their dimensions', () => {
    expect(inspectPhoto(fixture('photo.jpg'))).toEqual({ mime: 'image/jpeg', width: 16, height: 16 });
    expect(inspectPhoto(fixture('photo.png'))).toEqual({ mime: 'image/png', width: 16, height: 16 });
    expect(inspectPhoto(fixture('photo.bmp'))).toEqual({ mime: 'image/bmp', width: 16, height: 16 });
    expect(inspectPhoto(png)).toEqual({ mime: 'image/png', width: 1, height: 1 });
  });

  it('refuses a PNG declaring 100,000 × 100,000 pixels, however small the file', () => {
    const bomb = declaredPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(25_000);
    expect(inspectPhoto(bomb)).toBe('pixels');
    expect(inspectPhoto(declaredPng(4000, 3000))).toMatchObject({ width: 4000, height: 3000 });
  });

  it('refuses a JPEG header followed by HTML, and anything after an image’s end', () => {
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    expect(inspectPhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]))).toBe('format');
    for (const name of ['photo.jpg', 'photo.png', 'photo.bmp'])
      expect(inspectPhoto(Buffer.concat([fixture(name), html])), name).toBe('format');
  });

  it('refuses damaged files: a wrong PNG checksum, a truncated JPEG or BMP', () => {
    const damaged = Buffer.from(fixture('photo.png'));
    damaged[40] = damaged[40]! ^ 0xff;
    expect(inspectPhoto(damaged)).toBe('format');
    const jpeg = fixture('photo.jpg');
    expect(inspectPhoto(jpeg.subarray(0, jpeg.length - 2))).toBe('format');
    const bmp = Buffer.from(fixture('photo.bmp').subarray(0, 600));
    bmp.writeUInt32LE(bmp.length, 2); // its size field agrees, its pixels are missing
    expect(inspectPhoto(bmp)).toBe('format');
    expect(inspectPhoto(Buffer.from('GIF89a'))).toBe('format');
  });
});
