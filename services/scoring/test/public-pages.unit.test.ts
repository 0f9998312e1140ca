import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chosenCoding, noneMatch } from '../src/http/boards/public-pages.ts';

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
