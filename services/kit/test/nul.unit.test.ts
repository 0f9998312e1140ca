import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nulPathIn } from '../src/index.ts';

/** Issue 33, finding 6: the one walk every validated request part goes through. */
describe('nulPathIn', () => {
  it('finds a NUL in any string or key of any JSON value, and only then (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', '中', '\u0000', '\u0001', ' '), maxLength: 6 });
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(text, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(nulPathIn(value) !== null).toBe(JSON.stringify(value).includes('\\u0000'));
      }),
      { numRuns: 1000 },
    );
  });

  it('names the field, and walks a deeply nested body without exhausting the stack', () => {
    expect(nulPathIn({ title: { en: 'ok', 'zh-CN': 'a\u0000' } })).toBe('title.zh-CN');
    expect(nulPathIn({ sponsors: ['x', '\u0000'] })).toBe('sponsors.1');
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nulPathIn(deep)).toMatch(/^0(\.0)*$/);
  });
});
