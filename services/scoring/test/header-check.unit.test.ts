import { describe, expect, it } from 'vitest';
import { InvalidFile } from '../src/evaluation/csv.ts';
import { HeaderCheck } from '../src/evaluation/line-guard.ts';
import { scoreSubmission } from '../src/evaluation/score.ts';
import { sampleOf } from '../src/submissions/index.ts';
import { testTruth } from './split-support.ts';

const truth = testTruth(Buffer.from('id,yield\na1,10\na2,20\na3,30\na4,40\n'), 'rmse', 50);
const rows = 'a1,10\na2,20\na3,30\na4,40\n';

/** Feeds `bytes` to a HeaderCheck in chunks of `size`; the refusal's data, or null when taken. */
function streamed(bytes: Buffer, size: number) {
  const check = new HeaderCheck('yield');
  try {
    for (let at = 0; at < bytes.length; at += size) check.push(bytes.subarray(at, at + size));
    check.end();
    return null;
  } catch (error) {
    return (error as { data: unknown }).data;
  }
}

/** Whether the scorer refuses the file for its header (what the streaming check must agree with). */
function scorerRefusesHeader(bytes: Buffer): boolean {
  try {
    scoreSubmission(bytes, truth);
    return false;
  } catch (error) {
    return error instanceof InvalidFile && error.refusal?.key === 'headerMismatch';
  }
}

describe('the header checked while a file streams (decision 0020)', () => {
  it.each([
    ['id,yield', true],
    ['\uFEFFid,yield', true],
    ['id,yield\r', true],
    ['"id","yield"', true],
    [' id,yield ', true],
    ['id,value', false],
    ['ID,YIELD', false],
    ['id;yield', false],
    ['id,yield,extra', false],
    ['yield,id', false],
    ['', false],
  ])('%j: taken %s, as the scorer decides, in any chunking', (header, taken) => {
    const bytes = Buffer.from(`${header}\n${rows}`);
    expect(scorerRefusesHeader(bytes)).toBe(!taken);
    for (const size of [1, 2, 3, 7, 64, 1 << 16])
      expect(streamed(bytes, size) === null, `chunks of ${size}`).toBe(taken);
  });

  it('names the expected columns and what it found', () => {
    expect(streamed(Buffer.from(`id,prediction\n${rows}`), 5)).toEqual({
      expected: 'id,yield',
      found: 'id,prediction',
      line: 1,
    });
  });

  it('decides at the first line break, before the rest arrives', () => {
    const check = new HeaderCheck('yield');
    expect(() => check.push(Buffer.from('id,wro'))).not.toThrow();
    expect(() => check.push(Buffer.from('ng\nr0,'))).toThrow();
  });

  it('leaves an empty file and an over-long first line to the scorer and the line guard', () => {
    expect(streamed(Buffer.alloc(0), 4)).toBeNull();
    const check = new HeaderCheck('yield');
    expect(() => check.push(Buffer.alloc(70_000, 'x'))).not.toThrow();
  });
});

describe('the sample submission', () => {
  it('lists every id once, sorted (numerically for integer ids), with 0, quoting what needs it', () => {
    const numeric = sampleOf(Buffer.from('id,yield\n10,1.5\n9,2.5\n100,3.5\n'));
    expect(numeric.bytes.toString()).toBe('id,yield\n9,0\n10,0\n100,0\n');
    expect(numeric).toMatchObject({ columns: ['id', 'yield'], rows: 3 });
    const quoted = sampleOf(Buffer.from('\uFEFFid,"the, target"\r\nb,1\r\n"a,1",2\r\n'));
    expect(quoted.bytes.toString()).toBe('id,"the, target"\n"a,1",0\nb,0\n');
    expect(quoted).toMatchObject({ columns: ['id', 'the, target'], rows: 2 });
  });
});
