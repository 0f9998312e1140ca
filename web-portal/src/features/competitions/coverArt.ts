/**
 * A competition's cover when its organiser set none (the product has no cover upload yet): a picture
 * drawn from its id alone, so the same competition always looks the same and two differ, with no
 * network (issue 35, like Kaggle's card thumbnails).
 */
export interface CoverArt {
  /** Two hues of the background gradient, 0–359. */
  hues: [number, number];
  /** The gradient's direction in degrees. */
  angle: number;
  /** Circles of the motif, in a 320×120 box. */
  circles: { x: number; y: number; r: number; opacity: number }[];
}

/** FNV-1a over the id, then a xorshift stream: deterministic, no dependency. */
function stream(seed: string) {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}

export function coverArt(competitionId: string): CoverArt {
  const next = stream(competitionId || '-');
  const first = Math.floor(next() * 360);
  // The second hue 40–140° away: a visible gradient, never a muddy complement.
  const second = (first + 40 + Math.floor(next() * 100)) % 360;
  const angle = Math.floor(next() * 180);
  const circles = Array.from({ length: 5 }, () => ({
    x: Math.round(next() * 320),
    y: Math.round(next() * 120),
    r: Math.round(14 + next() * 46),
    opacity: Math.round((0.12 + next() * 0.22) * 100) / 100,
  }));
  return { hues: [first, second], angle, circles };
}
