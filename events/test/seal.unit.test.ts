import { describe, expect, it } from 'vitest';
import {
  type SealInput,
  type SealRow,
  recomputePublishedSeal,
  sealCanonicalForm,
  sealDigest,
  sealFormOf,
} from '../src/seal.ts';

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

describe('sealed final results: canonical form v2 (several metrics, decision 0046)', () => {
  const withColumns: SealInput & { rows: SealRow[] } = {
    ...ranking,
    columns: ['mae', 'r2'],
    rows: [
      { rank: 2, teamId: 'team-b', score: 1.25e-7, scores: { mae: 0.1, r2: 0.75 } },
      { rank: 1, teamId: 'team-a', score: 0.5, scores: { r2: -1 } },
    ],
  };
  it('writes the columns, the order steps and every row’s secondary scores (null where missing)', () => {
    expect(sealCanonicalForm(withColumns)).toBe(
      `{"competitionId":"${competitionId}","phase":"final","metric":"rmse","columns":["mae","r2"],` +
        '"order":["score","scores.mae","scores.r2","submittedAt","teamId"],"rows":[' +
        '{"rank":1,"teamId":"team-a","score":0.5,"scores":[null,-1]},' +
        '{"rank":2,"teamId":"team-b","score":1.25e-7,"scores":[0.1,0.75]}]}',
    );
  });
  it('is v1, byte for byte, without columns', () => {
    expect(sealFormOf([])).toBe('v1');
    expect(sealFormOf(['mae'])).toBe('v2');
    expect(sealCanonicalForm({ ...withColumns, columns: [] })).toBe(sealCanonicalForm(ranking));
  });
  it('changes when a secondary score or the order of the columns changes', async () => {
    const base = await sealDigest(sealCanonicalForm(withColumns));
    const rescored = {
      ...withColumns,
      rows: [withColumns.rows[0]!, { ...withColumns.rows[1]!, scores: { r2: -0.5 } }],
    };
    await expect(sealDigest(sealCanonicalForm(rescored))).resolves.not.toBe(base);
    await expect(sealDigest(sealCanonicalForm({ ...withColumns, columns: ['r2', 'mae'] }))).resolves.not.toBe(
      base,
    );
  });
  it('digests the stated steps: an organiser-chosen order first (issue 37), the usual ones by default', async () => {
    const chosen = ['scores.r2', 'score', 'scores.mae', 'submittedAt', 'teamId'];
    expect(sealCanonicalForm({ ...withColumns, order: chosen })).toContain(
      '"columns":["mae","r2"],"order":["scores.r2","score","scores.mae","submittedAt","teamId"],"rows":',
    );
    expect(
      sealCanonicalForm({
        ...withColumns,
        order: ['score', 'scores.mae', 'scores.r2', 'submittedAt', 'teamId'],
      }),
    ).toBe(sealCanonicalForm(withColumns));
    await expect(sealDigest(sealCanonicalForm({ ...withColumns, order: chosen }))).resolves.not.toBe(
      await sealDigest(sealCanonicalForm(withColumns)),
    );
    // Without columns the steps are not in the text (form v1, as before).
    expect(sealCanonicalForm({ ...withColumns, columns: [], order: chosen })).toBe(
      sealCanonicalForm(ranking),
    );
  });
  it('refuses secondary scores that JSON cannot write', () => {
    expect(() =>
      sealCanonicalForm({
        ...withColumns,
        rows: [{ rank: 1, teamId: 'x', score: 1, scores: { mae: Infinity } }],
      }),
    ).toThrow(/not a finite number/);
  });
});

describe('recomputePublishedSeal: both forms', () => {
  const page = (columns?: { metric: string }[], form = 'v1', digest = '') => ({
    phase: 'final',
    total: 1,
    records: [{ rank: 1, teamId: 'a', score: 1, metric: 'rmse', ...(columns ? { scores: { mae: 2 } } : {}) }],
    ...(columns ? { columns } : {}),
    seal: { digest, algorithm: 'sha256', form, sealedAt: '2027-01-01T00:00:00.000Z' },
  });
  it('checks a v1 seal and a v2 seal against their own forms', async () => {
    const v1 = await sealDigest(
      sealCanonicalForm({
        competitionId,
        phase: 'final',
        metric: 'rmse',
        rows: [{ rank: 1, teamId: 'a', score: 1 }],
      }),
    );
    const v2 = await sealDigest(
      sealCanonicalForm({
        competitionId,
        phase: 'final',
        metric: 'rmse',
        columns: ['mae'],
        rows: [{ rank: 1, teamId: 'a', score: 1, scores: { mae: 2 } }],
      }),
    );
    expect((await recomputePublishedSeal(competitionId, async () => page(undefined, 'v1', v1))).match).toBe(
      true,
    );
    expect(
      (await recomputePublishedSeal(competitionId, async () => page([{ metric: 'mae' }], 'v2', v2))).match,
    ).toBe(true);
    // The page's stated steps are digested: a chosen order's seal checks with them, not without.
    const chosen = ['scores.mae', 'score', 'submittedAt', 'teamId'];
    const v2chosen = await sealDigest(
      sealCanonicalForm({
        competitionId,
        phase: 'final',
        metric: 'rmse',
        columns: ['mae'],
        order: chosen,
        rows: [{ rank: 1, teamId: 'a', score: 1, scores: { mae: 2 } }],
      }),
    );
    const withSteps = { ...page([{ metric: 'mae' }], 'v2', v2chosen), order: { steps: chosen } };
    expect((await recomputePublishedSeal(competitionId, async () => withSteps)).match).toBe(true);
    expect(
      (await recomputePublishedSeal(competitionId, async () => page([{ metric: 'mae' }], 'v2', v2chosen)))
        .match,
    ).toBe(false);
    // A v2 board claimed as v1 (or the other way) does not match.
    expect(
      (await recomputePublishedSeal(competitionId, async () => page([{ metric: 'mae' }], 'v1', v2))).match,
    ).toBe(false);
  });
});
