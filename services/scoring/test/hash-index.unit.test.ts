import { describe, expect, it } from 'vitest';
import {
  RECORD,
  emptyTable,
  fits,
  grownTable,
  home,
  insert,
  probe,
  tableRecords,
  viewed,
} from '../src/evaluation/hash-index.ts';

// The hash index's table: any number of records, at most 0.7 full (hash-index.ts). The scorer's
// reference test (score-reference.unit.test.ts) checks it through whole files; these check its edges.

const encoder = new TextEncoder();

/** `count` ids `id0`, `id1`, … one after another in one buffer, with their byte ranges. */
function keysOf(count: number) {
  const texts = Array.from({ length: count }, (_, i) => `id${i}`);
  const keys = encoder.encode(texts.join(''));
  const ranges: [number, number][] = [];
  let at = 0;
  for (const text of texts) ranges.push([at, (at += text.length)]);
  return { keys, ranges };
}

describe('the hash index', () => {
  it('sizes a table so the ids fit, with an empty record left, for every count', () => {
    for (let rows = 0; rows <= 5_000; rows++) {
      const records = tableRecords(rows);
      expect(fits(rows, records)).toBe(true);
      expect(records).toBeGreaterThan(rows);
      // No bigger than it needs to be: one record fewer would be over 0.7 full (or leave none empty).
      expect(fits(rows, records - 1) && records - 1 > rows).toBe(false);
    }
    expect(tableRecords(1_000_000)).toBe(1_428_572);
  });

  it('puts every hash in a record of the table, the highest in the last', () => {
    for (const records of [1, 2, 3, 7, 1_000, 1_428_572, 2 ** 21, 2 ** 24 + 3, 123_456_789]) {
      for (const hash of [0, 1, -1, 0x7fffffff, -0x80000000, 0x12345678, -0x1234567])
        expect(home(hash, records) / RECORD).toBeLessThan(records);
      expect(home(-1, records) / RECORD).toBe(records - 1);
      expect(home(0, records)).toBe(0);
    }
  });

  it('finds every id when all hashes land in the last record (probes wrap round to the first)', () => {
    const { keys, ranges } = keysOf(70);
    const table = emptyTable(tableRecords(70));
    // Every id with the same hash, the highest: all probe from the last record on and wrap round.
    ranges.forEach(([start, end], i) => expect(insert(table, keys, -1, start, end, i)).toBe(true));
    const [start, end] = ranges[5]!;
    expect(insert(table, keys, -1, start, end, 99)).toBe(false); // an id twice
    const view = viewed(keys);
    ranges.forEach(([start, end], i) => {
      const at = probe(table, view, -1, view, start, end);
      expect(table[at + 3]).toBe(i + 1);
    });
    // A record before the last one was used: the probes went round.
    expect(table[3]).not.toBe(0);
    // No test id: the probe ends at an empty record.
    const other = viewed(encoder.encode('nope'));
    expect(table[probe(table, view, -1, other, 0, 4) + 3]).toBe(0);
  });

  it('keeps every id when a table grows', () => {
    const { keys, ranges } = keysOf(500);
    let table: Int32Array = emptyTable(tableRecords(100));
    const view = viewed(keys);
    const hashOf = (i: number) => Math.imul(i + 1, 0x9e3779b1);
    ranges.forEach(([start, end], i) => {
      if (!fits(i + 1, table.length / RECORD)) table = grownTable(table);
      expect(insert(table, keys, hashOf(i), start, end, i)).toBe(true);
    });
    ranges.forEach(([start, end], i) => {
      expect(table[probe(table, view, hashOf(i), view, start, end) + 3]).toBe(i + 1);
    });
  });
});
