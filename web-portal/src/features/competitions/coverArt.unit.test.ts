import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverArt } from './coverArt';

describe("a competition's generated cover (issue 35)", () => {
  it('is the same for the same competition, always, and within its box', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const art = coverArt(id);
        expect(coverArt(id)).toEqual(art);
        for (const hue of art.hues) expect(hue).toBeGreaterThanOrEqual(0);
        for (const hue of art.hues) expect(hue).toBeLessThan(360);
        for (const circle of art.circles) {
          expect(circle.x).toBeLessThanOrEqual(320);
          expect(circle.y).toBeLessThanOrEqual(120);
          expect(circle.opacity).toBeLessThan(0.5);
        }
      }),
    );
  });

  it('differs between competitions', () => {
    const ids = Array.from(
      { length: 50 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const looks = new Set(ids.map((id) => JSON.stringify(coverArt(id))));
    expect(looks.size).toBe(ids.length);
  });
});
