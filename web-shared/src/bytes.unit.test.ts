import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

const factor = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 } as const;

describe('file sizes in human units (issue 35)', () => {
  it('reads as people write sizes', () => {
    expect(formatBytes(15160)).toBe('14.8 KB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
  });

  it('for any size: a number below 1024 in the largest unit that fits, within rounding of the size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (bytes) => {
        const match = /^(\d+(?:\.\d)?) (B|KB|MB|GB|TB)$/.exec(formatBytes(bytes));
        expect(match).not.toBeNull();
        const [, number, unit] = match as unknown as [string, string, keyof typeof factor];
        expect(Number(number)).toBeLessThan(1024);
        if (unit === 'B') expect(Number(number)).toBe(bytes);
        else expect(Math.abs(Number(number) * factor[unit] - bytes)).toBeLessThanOrEqual(0.05 * factor[unit]);
      }),
    );
  });
});
