// The public/private split (split.ts, decision 0024) as invariants: for any ids and any declared share,
// exactly round(n × p / 100) ids are public; the split is the definition's (ids ordered by
// HMAC-SHA-256 under the key); the same key gives the same split whatever the file's order; and a
// ground truth put in split order keeps every id's true value, public ones first.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directSlot, hashedPosition } from '../src/evaluation/ground-truth.ts';
import { fnv1a } from '../src/evaluation/csv.ts';
import { viewed } from '../src/evaluation/hash-index.ts';
import { readGroundTruth } from '../src/evaluation/load-truth.ts';
import {
  applySplit,
  hmacSha256,
  isPublicRow,
  publicCount,
  publicIdsOf,
  publicMaskOf,
  splitKeyDigest,
} from '../src/evaluation/split.ts';

const key = fc.uint8Array({ minLength: 32, maxLength: 32 });
const percent = fc.integer({ min: 1, max: 99 });
const textIds = fc.uniqueArray(
  fc.string({ minLength: 1, maxLength: 10 }).filter((id) => !/[",\r\n]/.test(id) && id.trim() === id),
  { minLength: 1, maxLength: 300 },
);

/** The definition, written plainly: ids by their whole digest, then their bytes; the first k public. */
function reference(ids: readonly string[], splitKey: Uint8Array, publicPercent: number): Set<string> {
  const ranked = ids
    .map((id) => ({ id, digest: createHmac('sha256', splitKey).update(Buffer.from(id)).digest() }))
    .sort(
      (a, b) => Buffer.compare(a.digest, b.digest) || Buffer.compare(Buffer.from(a.id), Buffer.from(b.id)),
    );
  return new Set(ranked.slice(0, publicCount(ids.length, publicPercent)).map(({ id }) => id));
}

describe('the public/private split, for any ids and any share', () => {
  it('makes exactly round(n × p / 100) ids public, the ones the definition names', () => {
    fc.assert(
      fc.property(textIds, key, percent, (ids, splitKey, publicPercent) => {
        const publicIds = publicIdsOf(ids, splitKey, publicPercent);
        expect(publicIds.size).toBe(Math.round((ids.length * publicPercent) / 100 + 1e-9));
        expect(publicIds).toEqual(reference(ids, splitKey, publicPercent));
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same split for the same key whatever the rows’ order (a file set again)', () => {
    fc.assert(
      fc.property(
        textIds.chain((ids) =>
          fc.tuple(fc.constant(ids), fc.shuffledSubarray(ids, { minLength: ids.length })),
        ),
        key,
        percent,
        ([ids, shuffled], splitKey, publicPercent) => {
          expect(publicIdsOf(shuffled, splitKey, publicPercent)).toEqual(
            publicIdsOf(ids, splitKey, publicPercent),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('puts a ground truth in split order: every id keeps its value, the public ones first (both indexes)', () => {
    const rows = fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { minLength: 2, maxLength: 200 });
    fc.assert(
      fc.property(rows, fc.boolean(), key, percent, (numbers, text, splitKey, publicPercent) => {
        const ids = numbers.map((n) => (text ? `k${n}` : String(n)));
        const csv = Buffer.from(`id,y\n${ids.map((id, i) => `${id},${i + 0.5}`).join('\n')}\n`);
        const truth = readGroundTruth(csv, 'rmse');
        const mask = publicMaskOf(truth, splitKey, publicPercent);
        applySplit(truth, mask);
        const publicIds = publicIdsOf(ids, splitKey, publicPercent);
        expect(truth.publicRows).toBe(publicIds.size);
        ids.forEach((id, row) => {
          const bytes = Buffer.from(id);
          const position = truth.direct
            ? truth.positions[directSlot(truth, bytes, 0, bytes.length)]!
            : hashedPosition(truth, fnv1a(bytes, 0, bytes.length) | 0, viewed(bytes), 0, bytes.length);
          expect(truth.ordered[position]).toBe(row + 0.5);
          expect(position < truth.publicRows).toBe(publicIds.has(id));
          expect(isPublicRow(mask, row)).toBe(publicIds.has(id));
        });
      }),
      { numRuns: 150 },
    );
  });

  it('gives 1,000 / 2,000 / 5,000 / 8,000 public rows of 10,000 string ids at 10 / 20 / 50 / 80 %', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `mol-${(i * 7919).toString(36)}`);
    const splitKey = Buffer.alloc(32, 42);
    expect([10, 20, 50, 80].map((p) => publicIdsOf(ids, splitKey, p).size)).toEqual([1000, 2000, 5000, 8000]);
    // Nothing in the ids says which are private: a key one bit away splits differently.
    const other = Buffer.from(splitKey);
    other[0]! ^= 1;
    const half = publicIdsOf(ids, splitKey, 50);
    const overlap = [...publicIdsOf(ids, other, 50)].filter((id) => half.has(id));
    expect(overlap.length).toBeGreaterThan(2300);
    expect(overlap.length).toBeLessThan(2700);
  });

  it('computes HMAC-SHA-256 exactly as node:crypto does, for ids of any length', () => {
    fc.assert(
      fc.property(key, fc.uint8Array({ maxLength: 2000 }), (splitKey, id) => {
        const ours = hmacSha256(splitKey);
        const expected = createHmac('sha256', splitKey).update(id).digest();
        expect(ours(id)).toEqual(expected);
        expect(ours(id.subarray(0, 3))).toEqual(
          createHmac('sha256', splitKey).update(id.subarray(0, 3)).digest(),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('commits to a key by its SHA-256', () => {
    expect(splitKeyDigest(Buffer.alloc(32, 0))).toBe(
      '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    );
  });
});
