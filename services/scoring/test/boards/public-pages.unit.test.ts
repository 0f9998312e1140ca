import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chosenCoding, codingOf, noneMatch } from '../../src/boards/public-pages.ts';

/** An entity tag as the public page makes them: a quoted base64url string. */
const tag = fc.stringMatching(/^[\w-]{1,27}$/).map((value) => `"${value}"`);
/** A tag as a client may list it: weak or strong, with spaces around. */
const listed = (value: string) =>
  fc
    .tuple(fc.boolean(), fc.constantFrom('', ' ', '  '), fc.constantFrom('', ' '))
    .map(([weak, before, after]) => `${before}${weak ? 'W/' : ''}${value}${after}`);

describe('If-None-Match (RFC 9110 §13.1.2, weak comparison)', () => {
  it('matches when any listed tag is ours, weak or not, wherever it stands in the list', () => {
    const lists = fc.tuple(tag, fc.array(tag), fc.nat()).chain(([ours, others, at]) => {
      const list = others.filter((other) => other !== ours);
      list.splice(at % (list.length + 1), 0, ours);
      return fc.tuple(fc.constant(ours), fc.tuple(...list.map(listed)));
    });
    fc.assert(fc.property(lists, ([ours, parts]) => noneMatch(parts.join(','), ours)));
  });

  it('does not match a list without ours, and matches `*`', () => {
    fc.assert(
      fc.property(tag, fc.array(tag, { minLength: 1 }), (ours, others) => {
        const list = others.filter((other) => other !== ours);
        if (list.length > 0) expect(noneMatch(list.join(', '), ours)).toBe(false);
        expect(noneMatch('*', ours)).toBe(true);
        expect(noneMatch(' * ', ours)).toBe(true);
      }),
    );
    expect(noneMatch(undefined, '"a"')).toBe(false);
  });
});

describe('chosenCoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(chosenCoding(undefined)).toBeNull();
    expect(chosenCoding('')).toBeNull();
    expect(chosenCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chosenCoding('gzip')).toBe('gzip');
    expect(chosenCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chosenCoding('BR ; Q=0.0, GZIP')).toBe('gzip');
    expect(chosenCoding('identity')).toBeNull();
    expect(chosenCoding('gzip;q=0, br;q=0')).toBeNull();
    expect(chosenCoding('*')).toBe('gzip');
  });
});

describe('codingOf (chosenCoding remembered per header value)', () => {
  /** Accept-Encoding values: codings with or without a q, in any case and spacing. */
  const header = fc
    .array(
      fc.tuple(
        fc.constantFrom('br', 'BR', 'gzip', 'GZip', 'deflate', 'zstd', 'identity', '*', 'x'),
        fc.constantFrom('', ';q=0', '; q=0.0', ';q=0.5', ';Q=1'),
        fc.constantFrom('', ' '),
      ),
      { maxLength: 5 },
    )
    .map((parts) => parts.map(([name, q, space]) => `${space}${name}${q}`).join(','));

  it("answers as chosenCoding for any header, asked once or many times, past the memory's size", () => {
    fc.assert(
      fc.property(fc.array(header, { minLength: 1, maxLength: 400 }), (headers) => {
        for (const value of [...headers, ...headers]) expect(codingOf(value)).toBe(chosenCoding(value));
      }),
      { numRuns: 50 },
    );
    expect(codingOf(undefined)).toBeNull();
    expect(codingOf('')).toBeNull();
  });
});
