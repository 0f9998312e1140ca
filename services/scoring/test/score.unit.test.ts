import { describe, expect, it } from 'vitest';
import { refusalOf } from './refusals.ts';
import { fnv1a } from '../src/evaluation/csv.ts';
import { scoreSubmission } from '../src/evaluation/score.ts';
import { decodeTruthForm, encodeTruthForm } from '../src/evaluation/truth-form.ts';
import { testPublicIds, testTruth } from './split-support.ts';

const truthCsv = 'id,yield\na1,10\na2,20\na3,30\na4,40\n';
const truth = () => testTruth(Buffer.from(truthCsv), 'rmse', 50);
const score = (csv: string | Buffer) =>
  scoreSubmission(typeof csv === 'string' ? Buffer.from(csv) : csv, truth());

describe('scoring a result file', () => {
  it('computes RMSE on the public and private parts, in any row order, with CRLF and a BOM', () => {
    const exact = score('\uFEFFid,yield\r\na4,40\r\na2,20\r\na1,10\r\na3,30\r\n');
    expect(exact).toEqual({ publicScore: 0, privateScore: 0, rows: 4 });
    const off = score('id,yield\na1,11\na2,21\na3,31\na4,41');
    expect(off.publicScore).toBeCloseTo(1);
    expect(off.privateScore).toBeCloseTo(1);
  });

  it.each([
    ['', 'The file is empty.'],
    ['id,value\na1,1\n', 'Line 1: the header must be "id,yield", found "id,value".'],
    ['id,yield\na1,10\na2,20\na3,30\n', '1 test id(s) are missing (missing ids), e.g. "a4".'],
    ['id,yield\na1,10\na1,10\na3,30\na4,40\n', 'Line 3, column id: "a1" appears twice (duplicate id).'],
    ['id,yield\na1,10\na2,20\na3,30\na4,40\nzz,1\n', 'Line 6, column id: "zz" is not a test id (extra id).'],
    ['id,yield\na1,10\na2,abc\na3,30\na4,40\n', 'Line 3, column yield: "abc" is not a number.'],
    ['id,yield\na1,10\na2,NaN\na3,30\na4,40\n', 'Line 3, column yield: "NaN" is not a finite number (NaN).'],
    ['id,yield\na1,10\na2,\na3,30\na4,40\n', 'Line 3, column yield: the value is empty.'],
    ['id,yield\na1,10,3\n', 'Line 2: expected 2 columns (id,yield).'],
  ])('refuses %j with a log naming the place', (csv, log) => {
    expect(() => score(csv)).toRefuse(log);
  });

  it.each([
    ['', { key: 'emptyFile', params: {} }],
    [
      'id,value\na1,1\n',
      { key: 'headerMismatch', params: { line: 1, expected: 'id,yield', found: 'id,value' } },
    ],
    ['id,yield\na1,10\na2,20\na3,30\n', { key: 'missingIds', params: { count: 1, example: 'a4' } }],
    ['id,yield\na1,10\na1,10\na3,30\na4,40\n', { key: 'duplicateId', params: { line: 3, id: 'a1' } }],
    ['id,yield\na1,10\na2,20\na3,30\na4,40\nzz,1\n', { key: 'extraId', params: { line: 6, id: 'zz' } }],
    [
      'id,yield\na1,10\na2,abc\na3,30\na4,40\n',
      { key: 'notANumber', params: { line: 3, column: 'yield', value: 'abc' } },
    ],
    [
      'id,yield\na1,10\na2,NaN\na3,30\na4,40\n',
      { key: 'notFinite', params: { line: 3, column: 'yield', value: 'NaN' } },
    ],
    ['id,yield\na1,10\na2,\na3,30\na4,40\n', { key: 'emptyValue', params: { line: 3, column: 'yield' } }],
    ['id,yield\na1,10,3\n', { key: 'columnCount', params: { line: 2, columns: 'id,yield' } }],
    ['id,yield\n"a1,10\n', { key: 'unclosedQuote', params: { line: 2 } }],
    ['id,yield\n"a1"x,10\n', { key: 'textAfterQuote', params: { line: 2 } }],
    ['id,yield\n"",10\n', { key: 'emptyId', params: { line: 2 } }],
  ])('records the refusal of %j as a key with its parameters', (csv, expected) => {
    expect(refusalOf(() => score(csv))).toEqual(expected);
  });

  it('refuses a file in the wrong encoding', () => {
    const gbk = Buffer.from([
      0x69, 0x64, 0x2c, 0x79, 0x69, 0x65, 0x6c, 0x64, 0x0a, 0xc4, 0xe3, 0x2c, 0x31, 0x0a,
    ]);
    expect(() => score(gbk)).toRefuse('The file is not UTF-8 text (wrong encoding).');
    expect(refusalOf(() => score(gbk))).toEqual({ key: 'notUtf8', params: {} });
  });

  it('scores accuracy for label targets', () => {
    // a1, a2 are public, a3, a4 private (exactly half: split-support.ts).
    const labels = testTruth(Buffer.from('id,answer\na1,A\na2,B\na3,C\na4,D\n'), 'accuracy', 50);
    const scores = scoreSubmission(Buffer.from('id,answer\na1,A\na2, B\na3,A\na4,d\n'), labels);
    expect(scores).toEqual({ publicScore: 1, privateScore: 0, rows: 4 });
  });

  it('handles scientific notation and signs', () => {
    const result = score('id,yield\na1,1e1\na2,+20\na3,3.0E1\na4,40.000\n');
    expect(result.publicScore + result.privateScore).toBe(0);
  });
});

describe('integer ids (direct lookup)', () => {
  const numeric = () => testTruth(Buffer.from('id,yield\n10,1\n11,2\n12,3\n13,4\n'), 'rmse', 50);
  it('looks ids up directly and scores like the hashed path', () => {
    const truth = numeric();
    expect(truth.direct).toBe(true);
    expect(scoreSubmission(Buffer.from('id,yield\n13,4\n12,3\n11,2\n10,1\n'), truth)).toEqual({
      publicScore: 0,
      privateScore: 0,
      rows: 4,
    });
  });
  it('refuses ids below the lowest test id as extra ids (base − 2 once hung the scorer)', () => {
    for (const id of [9, 8, 7, 0])
      expect(() => scoreSubmission(Buffer.from(`id,yield\n${id},1\n11,2\n12,3\n13,4\n`), numeric())).toRefuse(
        `Line 2, column id: "${id}" is not a test id (extra id).`,
      );
  });
  it('treats non-canonical spellings as different ids', () => {
    expect(() => scoreSubmission(Buffer.from('id,yield\n010,1\n11,2\n12,3\n13,4\n'), numeric())).toRefuse(
      'Line 2, column id: "010" is not a test id (extra id).',
    );
    expect(() => scoreSubmission(Buffer.from('id,yield\n99,1\n11,2\n12,3\n13,4\n'), numeric())).toRefuse(
      '"99" is not a test id',
    );
  });
  it.each([
    ['id,yield\n10,1\n11,2\n13,4\n', '1 test id(s) are missing (missing ids), e.g. "12".'],
    ['id,yield\n10,1\n11,2\n11,2\n13,4\n', 'Line 4, column id: "11" appears twice (duplicate id).'],
    ['id,yield\n10,1\n11,2\n12,3\n13,4\n9,0\n', 'Line 6, column id: "9" is not a test id (extra id).'],
    ['id,yield\n10,1\n11,2\n12,3\n13,x\n', 'Line 5, column yield: "x" is not a number.'],
  ])('validates like the hashed path: %j', (csv, message) => {
    expect(() => scoreSubmission(Buffer.from(csv), numeric())).toRefuse(message);
  });
  it('refuses a ground truth with an integer id twice', () => {
    expect(() => testTruth(Buffer.from('id,yield\n1,1\n2,2\n1,3\n'), 'rmse', 50)).toThrow(
      'Ground truth id "1" appears twice.',
    );
  });
  it('scores public and private parts like the hashed path', () => {
    const ids = Array.from({ length: 200 }, (_, i) => i);
    const truthText = 'id,yield\n' + ids.map((i) => `${i},${i}`).join('\n');
    const fileText = 'id,yield\n' + ids.map((i) => `${i},${i + (i % 3)}`).join('\n');
    const direct = testTruth(Buffer.from(truthText), 'rmse', 50);
    const hashed = testTruth(Buffer.from(truthText.replaceAll('\n', '\nk')), 'rmse', 50);
    expect(direct.direct).toBe(true);
    expect(hashed.direct).toBe(false);
    const a = scoreSubmission(Buffer.from(fileText), direct);
    expect(a.publicScore).toBeGreaterThan(0);
    expect(a.rows).toBe(200);
    // Same split rule by id text: compare with a hand computation.
    const publicIds = testPublicIds(ids.map(String));
    let pub = 0;
    let pubRows = 0;
    for (const i of ids) {
      if (publicIds.has(String(i))) {
        pub += (i % 3) ** 2;
        pubRows += 1;
      }
    }
    expect(a.publicScore).toBeCloseTo(Math.sqrt(pub / pubRows), 12);
  });
});

describe('large files', () => {
  const ids = Array.from({ length: 10_000 }, (_, i) => i);
  const truth = () => testTruth(Buffer.from(`id,y\n${ids.map((i) => `${i},${i / 8}`).join('\n')}`), 'rmse');
  const file = (rows: string[]) => Buffer.from(`id,y\n${rows.join('\n')}\n`);
  const exact = ids.map((i) => `${i},${i / 8}`);
  it('names the line of a problem far into the file', () => {
    const twice = [...exact.slice(0, 9_000), '17,1', ...exact.slice(9_000)];
    expect(() => scoreSubmission(file(twice), truth())).toRefuse('Line 9002, column id: "17" appears twice');
    const text = exact.map((row, i) => (i === 7_000 ? '7000,1e400' : row));
    expect(() => scoreSubmission(file(text), truth())).toRefuse(
      'Line 7002, column y: "1e400" is not a number.',
    );
  });
  it('scores plain and other spellings alike', () => {
    const spelled = exact.map((row, i) => (i % 3 === 0 ? `${i}, ${(i / 8).toExponential()}\r` : row));
    expect(scoreSubmission(file(spelled), truth())).toEqual({
      publicScore: 0,
      privateScore: 0,
      rows: 10_000,
    });
  });
  it('reads a ground truth with more lines than its first 64 KiB suggest', () => {
    const long = ids.map((i) =>
      i < 2_000 ? `${i},${(i / 8).toFixed(3)}${'0'.repeat(40)}` : `${i},${i / 8}`,
    );
    for (const rows of [long, long.map((row) => `k${row}`)]) {
      const loaded = testTruth(Buffer.from(`id,y\n${rows.join('\n')}`), 'rmse');
      expect(loaded.rows).toBe(10_000);
      const submission = rows[0]!.startsWith('k') ? exact.map((row) => `k${row}`) : exact;
      expect(scoreSubmission(file(submission), loaded).publicScore).toBe(0);
    }
  });
  it('scores accuracy on integer ids', () => {
    // 1 and 2 are public, 3 and 4 private.
    const labels = testTruth(Buffer.from('id,answer\n1,A\n2,B\n3,C\n4,D\n'), 'accuracy', 50);
    expect(labels.direct).toBe(true);
    const scores = scoreSubmission(Buffer.from('id,answer\n4,D\n3,A\n2,B\n1,1\n'), labels);
    expect(scores).toEqual({ publicScore: 0.5, privateScore: 0.5, rows: 4 });
  });
});

describe('quoted fields (RFC 4180)', () => {
  const quotedTruth = () =>
    testTruth(Buffer.from('id,yield\n"a,1",10\n"say ""hi""",20\nplain,30\n" sp ace ",40\n'), 'rmse', 50);

  it('reads a quoted id as what is between its quotes: commas, doubled quotes, spaces', () => {
    const file = 'id,yield\n" sp ace ",40\nplain,30\n"say ""hi""",20\n"a,1",10\n';
    expect(scoreSubmission(Buffer.from(file), quotedTruth())).toEqual({
      publicScore: 0,
      privateScore: 0,
      rows: 4,
    });
  });

  it('treats a quoted id and the same id unquoted as one id, and quoted values and headers as their text', () => {
    const file = '"id","yield"\n" sp ace ","40"\n"plain",30\n"say ""hi""",20\n"a,1",10\n';
    expect(scoreSubmission(Buffer.from(file), quotedTruth()).rows).toBe(4);
    expect(() => scoreSubmission(Buffer.from('id,yield\nplain,30\n"plain",30\n'), quotedTruth())).toRefuse(
      'Line 3, column id: "plain" appears twice (duplicate id).',
    );
  });

  it.each([
    [
      'id,yield\n"a,1,10\n',
      'Line 2: a quoted field is not closed on its line (a line break inside quotes is not supported).',
    ],
    [
      'id,yield\n"a,1"x,10\n',
      'Line 2: text after the closing quote of a field (a quote inside a quoted field is written "").',
    ],
    ['id,yield\n"a,1",10,3\n', 'Line 2: expected 2 columns (id,yield).'],
    ['id,yield\n"",10\n', 'Line 2, column id: the id is empty.'],
    ['id,yield\n"a,2",10\n', 'Line 2, column id: "a,2" is not a test id (extra id).'],
    ['id,yield\n"a,1","1""0"\n', 'Line 2, column yield: "1"0" is not a number.'],
  ])('refuses %j with a log naming the place', (file, log) => {
    expect(() => scoreSubmission(Buffer.from(file), quotedTruth())).toRefuse(log);
  });

  it('refuses a ground truth with a text id twice (quoted or not), before a later bad row', () => {
    expect(() => testTruth(Buffer.from('id,y\na,1\nb,2\n"a",3\nc,x\n'), 'rmse', 50)).toThrow(
      'Ground truth id "a" appears twice.',
    );
    expect(() => testTruth(Buffer.from('id,y\n"a,b",1\n"a,b",2\n'), 'rmse', 50)).toThrow(
      'Ground truth id "a,b" appears twice.',
    );
    expect(() => testTruth(Buffer.from('id,y\n"a,b,1\n'), 'rmse', 50)).toThrow(
      'Ground truth line 2: a quoted field is not closed on its line',
    );
  });
});

describe('ids whose hashes collide', () => {
  // Same length, same FNV-1a hash (found by a birthday search): the index must tell them apart by bytes.
  const [a, b] = ['id5eMYeMdQ', 'idrG3ignrc'];
  const others = Array.from({ length: 40 }, (_, i) => `c${i},${i}`).join('\n');

  it('scores both when both are test ids, and refuses one as an extra id when only the other is', () => {
    expect(fnv1a(Buffer.from(a), 0, a.length)).toBe(fnv1a(Buffer.from(b), 0, b.length));
    const both = testTruth(Buffer.from(`id,y\n${a},1\n${b},2\n${others}\n`), 'rmse', 50);
    const identity = { sha256: 'x', metric: 'rmse' as const, publicPercent: 50, splitKeySha256: 'x' };
    for (const truth of [both, decodeTruthForm(encodeTruthForm(both, identity), identity)])
      expect(scoreSubmission(Buffer.from(`id,y\n${b},2\n${a},1\n${others}\n`), truth)).toEqual({
        publicScore: 0,
        privateScore: 0,
        rows: 42,
      });
    const one = testTruth(Buffer.from(`id,y\n${a},1\n${others}\n`), 'rmse', 50);
    expect(() => scoreSubmission(Buffer.from(`id,y\n${b},1\n${others}\n`), one)).toRefuse(
      `Line 2, column id: "${b}" is not a test id (extra id).`,
    );
  });
});
