import { describe, expect, it } from 'vitest';
import { sealCanonicalForm, sealDigest } from '../src/seal.ts';

const competitionId = 'c0ffee00-0000-4000-8000-000000000001';
const ranking = {
  competitionId,
  phase: 'final',
  metric: 'rmse',
  rows: [
    { rank: 2, teamId: 'team-b', score: 1.25e-7 },
    { rank: 1, teamId: 'team-a', score: 0.5 },
  ],
};

describe('sealed final results: canonical form v1 and digest', () => {
  it('writes the documented text: key order, rank order, no whitespace, JSON number text', () => {
    expect(sealCanonicalForm(ranking)).toBe(
      `{"competitionId":"${competitionId}","phase":"final","metric":"rmse","rows":[` +
        '{"rank":1,"teamId":"team-a","score":0.5},{"rank":2,"teamId":"team-b","score":1.25e-7}]}',
    );
  });

  it('digests to the SHA-256 that `printf %s <text> | sha256sum` prints', async () => {
    // Both digests computed by hand with coreutils' sha256sum over the texts above and below.
    await expect(sealDigest(sealCanonicalForm(ranking))).resolves.toBe(
      '6b0884d45559c0a4a471d0984d56f5ce68d80140bda91048837be963ce783e38',
    );
    await expect(sealDigest(sealCanonicalForm({ ...ranking, rows: [] }))).resolves.toBe(
      '67570ad4c490f4df7c40979c2d892702330dfdfcdccdd7cd841bcbe967fee1df',
    );
  });

  it('changes when a rank, a team or a score changes', async () => {
    const base = await sealDigest(sealCanonicalForm(ranking));
    const swapped = {
      ...ranking,
      rows: [
        { rank: 1, teamId: 'team-b', score: 1.25e-7 },
        { rank: 2, teamId: 'team-a', score: 0.5 },
      ],
    };
    const rescored = { ...ranking, rows: [ranking.rows[0]!, { ...ranking.rows[1]!, score: 0.50001 }] };
    await expect(sealDigest(sealCanonicalForm(swapped))).resolves.not.toBe(base);
    await expect(sealDigest(sealCanonicalForm(rescored))).resolves.not.toBe(base);
  });

  it('refuses scores that JSON cannot write', () => {
    expect(() => sealCanonicalForm({ ...ranking, rows: [{ rank: 1, teamId: 'x', score: NaN }] })).toThrow(
      /not a finite number/,
    );
  });
});
