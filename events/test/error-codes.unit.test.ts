import { describe, expect, it } from 'vitest';
import * as tables from '../src/error-codes.ts';

/**
 * The services' body codes (events/src/error-codes.ts): one number means one failure, whichever service
 * answers it, and each table stays in its service's range. Sessions working side by side each pick the
 * "next free" number; this is where two picks of the same one show.
 */
describe('body codes', () => {
  const ranges: Record<string, number> = {
    identityCodes: 10_000,
    competitionCodes: 20_000,
    teamCodes: 30_000,
    scoringCodes: 40_000,
  };
  const all = Object.entries(tables).flatMap(([table, codes]) =>
    Object.entries(codes as Record<string, number>).map(([key, code]) => ({ table, key, code })),
  );

  it('gives every failure its own number', () => {
    const byCode = new Map<number, string[]>();
    for (const { table, key, code } of all)
      byCode.set(code, [...(byCode.get(code) ?? []), `${table}.${key}`]);
    expect([...byCode].filter(([, keys]) => keys.length > 1)).toEqual([]);
  });

  it("keeps each service's codes in its range", () => {
    for (const { table, key, code } of all) {
      const base = ranges[table];
      expect(base, `a range for ${table}`).toBeDefined();
      expect(code >= base! && code < base! + 10_000, `${table}.${key} = ${code}`).toBe(true);
    }
  });
});
