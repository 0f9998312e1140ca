// The sample submission holds the ground truth's ids and placeholders only, for any ground truth
// (issue 30: on the embedded default it once gave out the whole answer file as byte codes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleOf } from '../src/submissions/index.ts';

const quote = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

/** The fields of one CSV line (quotes as the platform writes them). */
function fields(line: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at <= line.length) {
    if (line[at] === '"') {
      let value = '';
      at++;
      for (;;) {
        const close = line.indexOf('"', at);
        value += line.slice(at, close);
        at = close + 1;
        if (line[at] === '"') {
          value += '"';
          at++;
        } else break;
      }
      out.push(value);
      at++;
    } else {
      const comma = line.indexOf(',', at);
      const end = comma === -1 ? line.length : comma;
      out.push(line.slice(at, end));
      at = end + 1;
    }
  }
  return out;
}

// Ids of any printable text (commas and quotes included; no line breaks, which the reader refuses in an id).
const id = fc
  .string({ minLength: 1, maxLength: 12, unit: 'grapheme' })
  .filter((text) => !/[\r\n]/.test(text));
const truthFile = fc.record({
  ids: fc.uniqueArray(id, { minLength: 1, maxLength: 60 }),
  values: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), {
    minLength: 60,
    maxLength: 60,
  }),
  crlf: fc.boolean(),
});

describe('the sample submission, for any ground truth', () => {
  it('has the header, then every id once with the placeholder 0: no true value, whatever the bytes type', () => {
    fc.assert(
      fc.property(truthFile, ({ ids, values, crlf }) => {
        const end = crlf ? '\r\n' : '\n';
        const csv = `id,yield${end}${ids.map((id, i) => `${quote(id)},${values[i]}`).join(end)}${end}`;
        const buffer = Buffer.from(csv);
        // The embedded driver once returned a bytea as a bare Uint8Array: the same answer either way.
        const bare = new Uint8Array(buffer);
        const sample = sampleOf(buffer);
        expect(sampleOf(bare).bytes.equals(sample.bytes)).toBe(true);
        const lines = sample.bytes.toString('utf8').split('\n');
        expect(lines.at(-1)).toBe('');
        expect(lines[0]).toBe('id,yield');
        const rows = lines.slice(1, -1).map(fields);
        expect(rows.every((row) => row.length === 2 && row[1] === '0')).toBe(true);
        expect(rows.map((row) => row[0]).sort()).toEqual([...ids].sort());
        expect(sample.rows).toBe(ids.length);
        // Never larger than the ids and placeholders need.
        const needed =
          'id,yield\n'.length + ids.reduce((sum, id) => sum + Buffer.byteLength(quote(id)) + 3, 0);
        expect(sample.bytes.length).toBe(needed);
      }),
      { numRuns: 300 },
    );
  });
});
