import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, scoringHarness } from './support.ts';

/**
 * Every way a participant's file can be wrong, through the whole pipeline (upload, Kafka, a scoring
 * worker, the submission list): the submission ends Invalid with a log that names the place; its allowance
 * comes back and it counts as one of the day's format refusals instead (decision 0020). A wrong header is
 * refused while the file is uploaded.
 */
describe('invalid result files, end to end', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let competitionId: string;

  beforeAll(async () => {
    h = await scoringHarness();
    // Ground truth r0..r19 (integer-like ids would take the direct index; these take the hash index).
    competitionId = await h.competition(
      csv((i) => i * 5),
      { dailySubmissionLimit: 20 },
    );
  });
  afterAll(() => h.close());

  const rows = (edit: (lines: string[]) => string[]) =>
    edit(
      csv((i) => i * 5)
        .trimEnd()
        .split('\n'),
    ).join('\n') + '\n';

  it.each([
    ['an empty file', '', 'The file is empty.'],
    ['missing ids', rows((lines) => lines.slice(0, -2)), '2 test id(s) are missing (missing ids)'],
    [
      'a duplicate id',
      rows((lines) => [...lines.slice(0, 3), lines[2]!, ...lines.slice(3)]),
      'Line 4, column id: "r1" appears twice (duplicate id).',
    ],
    [
      'an extra id',
      rows((lines) => [...lines, 'zz,1']),
      'Line 22, column id: "zz" is not a test id (extra id).',
    ],
    [
      'a value that is not a number',
      rows((lines) => lines.map((line, i) => (i === 5 ? 'r4,abc' : line))),
      'Line 6, column yield: "abc" is not a number.',
    ],
    [
      'NaN',
      rows((lines) => lines.map((line, i) => (i === 5 ? 'r4,NaN' : line))),
      'Line 6, column yield: "NaN" is not a finite number (NaN).',
    ],
    [
      'the wrong encoding (GBK)',
      Buffer.concat([Buffer.from('id,yield\n'), Buffer.from([0xc4, 0xe3]), Buffer.from(',1\n')]),
      'The file is not UTF-8 text (wrong encoding).',
    ],
  ])('%s: Invalid, with the log naming it, a format refusal', async (_case, content, log) => {
    const person = await h.participant(competitionId);
    const result = await h.submit(person.web, competitionId, content);
    expect(result.status).toBe('Invalid');
    expect(result.log).toContain(log);
    expect(result.score).toBeNull();
    const left = await person.web.get('/api/submission/remaining', { competitionId });
    expect(left.body.data).toMatchObject({ used: 0, remaining: 20, formatRefusals: { used: 1 } });
  });

  it('a wrong header: refused while uploading, naming the columns; a format refusal', async () => {
    const person = await h.participant(competitionId);
    const refused = await h.post(
      person.web,
      competitionId,
      rows(([, ...body]) => ['id,value', ...body]),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 40030, data: { expected: 'id,yield', found: 'id,value' } });
    const left = await person.web.get('/api/submission/remaining', { competitionId });
    expect(left.body.data).toMatchObject({ used: 0, remaining: 20, formatRefusals: { used: 1 } });
  });
});
