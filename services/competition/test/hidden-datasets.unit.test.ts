import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileReaderOf, visibleFiles } from '../src/competitions.ts';

/** "What a participant may see" of a competition's files (decision 0032), for any list of files. */
describe('the files a reader is listed', () => {
  const files = fc.array(
    fc.record({
      fileId: fc.uuid(),
      kind: fc.constantFrom('document' as const, 'dataset' as const),
      name: fc.string({ minLength: 1, maxLength: 20 }),
      hidden: fc.boolean(),
    }),
    { maxLength: 12 },
  );

  it('gives a participant every visible file, in order, and never a hidden one or its flag', () => {
    fc.assert(
      fc.property(files, (list) => {
        const seen = visibleFiles(list, 'participant');
        expect(seen.map((file) => file.fileId)).toEqual(
          list.filter((file) => !file.hidden).map((file) => file.fileId),
        );
        for (const file of seen) expect(file).not.toHaveProperty('hidden');
      }),
    );
  });

  it('gives staff every file with its flag', () => {
    fc.assert(
      fc.property(files, (list) => {
        expect(visibleFiles(list, 'staff')).toEqual(list);
      }),
    );
  });

  it('reads as staff only an operator or admin signed in without a token', () => {
    expect(fileReaderOf(null)).toBe('participant');
    expect(fileReaderOf({ roles: ['participant'] })).toBe('participant');
    expect(fileReaderOf({ roles: ['reviewer'] })).toBe('participant');
    expect(fileReaderOf({ roles: ['operator'] })).toBe('staff');
    expect(fileReaderOf({ roles: ['admin'] })).toBe('staff');
    expect(fileReaderOf({ roles: ['operator'], token: { tokenId: 't', scopes: [] } })).toBe('participant');
  });
});
