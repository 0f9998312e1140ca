import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { csv, scoringHarness, waitFor } from './support.ts';

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
    ['an empty file', '', { key: 'emptyFile', params: {} }, 'The file is empty.'],
    [
      'missing ids',
      rows((lines) => lines.slice(0, -2)),
      { key: 'missingIds', params: { count: 2, example: expect.any(String) } },
      '2 test id(s) are missing (missing ids)',
    ],
    [
      'a duplicate id',
      rows((lines) => [...lines.slice(0, 3), lines[2]!, ...lines.slice(3)]),
      { key: 'duplicateId', params: { line: 4, id: 'r1' } },
      'Line 4, column id: "r1" appears twice (duplicate id).',
    ],
    [
      'an extra id',
      rows((lines) => [...lines, 'zz,1']),
      { key: 'extraId', params: { line: 22, id: 'zz' } },
      'Line 22, column id: "zz" is not a test id (extra id).',
    ],
    [
      'a value that is not a number',
      rows((lines) => lines.map((line, i) => (i === 5 ? 'r4,abc' : line))),
      { key: 'notANumber', params: { line: 6, column: 'yield', value: 'abc' } },
      'Line 6, column yield: "abc" is not a number.',
    ],
    [
      'NaN',
      rows((lines) => lines.map((line, i) => (i === 5 ? 'r4,NaN' : line))),
      { key: 'notFinite', params: { line: 6, column: 'yield', value: 'NaN' } },
      'Line 6, column yield: "NaN" is not a finite number (NaN).',
    ],
    [
      'the wrong encoding (GBK)',
      Buffer.concat([Buffer.from('id,yield\n'), Buffer.from([0xc4, 0xe3]), Buffer.from(',1\n')]),
      { key: 'notUtf8', params: {} },
      'The file is not UTF-8 text (wrong encoding).',
    ],
  ])(
    '%s: Invalid, with the refusal naming it, a format refusal',
    async (_case, content, refusal, english) => {
      const person = await h.participant(competitionId);
      const result = await h.submit(person.web, competitionId, content);
      expect(result.status).toBe('Invalid');
      // Recorded as a key with its parameters (issue 21); `log` is only a run's own output.
      expect(result).toMatchObject({ refusal, log: null });
      expect(result.logText).toContain(english);
      expect(result.score).toBeNull();
      const left = await person.web.get('/api/submission/remaining', { competitionId });
      expect(left.body.data).toMatchObject({ used: 0, remaining: 20, formatRefusals: { used: 1 } });
    },
  );

  it('renders the log in the reader’s language: the list, the inbox message and the event', async () => {
    const person = await h.participant(competitionId);
    const duplicate = rows((lines) => [...lines.slice(0, 3), lines[2]!, ...lines.slice(3)]);
    const { submissionId } = await h.submit(person.web, competitionId, duplicate, 'dup.csv');
    const mine = async (language: string) => {
      const response = await person.web.raw({
        method: 'GET',
        url: `/api/submission/mine?competitionId=${competitionId}`,
        headers: { 'accept-language': language },
      });
      return (response.body.data as { submissionId: string; logText: string }[]).find(
        (s) => s.submissionId === submissionId,
      )!;
    };
    const zh = await mine('zh-CN,zh;q=0.9');
    expect(zh.logText).toBe('第 4 行 id 列：“r1”出现了两次（重复的 id）。');
    // No English sentence: the Latin left is the column name and the id the file holds.
    expect(new Set(zh.logText.match(/[A-Za-z][A-Za-z0-9]*/g))).toEqual(new Set(['id', 'r1']));
    expect((await mine('en-US')).logText).toBe('Line 4, column id: "r1" appears twice (duplicate id).');

    // The scoring message in the inbox, in each language.
    const message = await waitFor(
      async () => {
        const page = await person.web.raw({
          method: 'GET',
          url: '/api/notify/page?page=1&pageSize=20',
          headers: { 'accept-language': 'zh-CN' },
        });
        return (page.body.data.records as { notifyId: string; title: string }[]).find(
          (record) => record.title === '提交无效',
        );
      },
      (found) => found !== undefined,
      'the inbox message',
    );
    const detail = async (language: string) =>
      (
        await person.web.raw({
          method: 'GET',
          url: `/api/notify/detail?notifyId=${message!.notifyId}`,
          headers: { 'accept-language': language },
        })
      ).body.data.content as string;
    expect(await detail('zh-CN')).toBe('提交 dup.csv 无效：第 4 行 id 列：“r1”出现了两次（重复的 id）。');
    expect(await detail('en')).toBe(
      'Submission dup.csv is invalid: Line 4, column id: "r1" appears twice (duplicate id).',
    );

    // The event keeps the refusal itself, not a sentence.
    const events = await h.platform.stores.get('scoring')!.readStream(`submission-${submissionId}`);
    expect(
      events.filter((event) => event.type === 'scoring.SubmissionInvalid').map((event) => event.data),
    ).toEqual([{ submissionId, log: { key: 'duplicateId', params: { line: 4, id: 'r1' } } }]);
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
    // The event keeps the refusal's key and the parameters its message was filled with (issue 21).
    const recorded = await sql<{ data: { reason: string; params: object } }>`
      select data from scoring.events where type = 'scoring.ResultFileRefused'
        and data->>'submitterId' = ${person.accountId}`.execute(h.db);
    expect(recorded.rows.map((row) => row.data)).toMatchObject([
      { reason: 'resultHeaderWrong', params: { expected: 'id,yield', found: 'id,value', line: 1 } },
    ]);
    const left = await person.web.get('/api/submission/remaining', { competitionId });
    expect(left.body.data).toMatchObject({ used: 0, remaining: 20, formatRefusals: { used: 1 } });
  });
});
