import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { languages, scoring } from '../src/index.ts';

const { fileRefusalTexts, fileRefusalText, fileRefusalSchema, submissionLogText, submissionRowLogText } =
  scoring;
const entries = Object.entries(fileRefusalTexts) as [
  scoring.FileRefusalKey,
  { params: readonly string[]; en: string; 'zh-CN': string },
][];
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);

describe('the catalogue of file refusals', () => {
  it.each(entries)('%s has both languages, each using only the parameters it declares', (key, entry) => {
    for (const language of languages) {
      const text = entry[language];
      expect(text, `${key} ${language}`).toBeTruthy();
      // Every placeholder a text uses is a declared parameter: the scorer gives each (the compiler
      // checks `refusal(key, params)`) and the stored form requires each (fileRefusalSchema).
      for (const name of placeholders(text))
        expect(entry.params, `${key} ${language}: {{${name}}}`).toContain(name);
      // No stray braces: a placeholder misspelt as {name} or {{ name }} would be shown as is.
      expect(text.replace(/\{\{\w+\}\}/g, ''), `${key} ${language}`).not.toMatch(/[{}]/);
    }
    // Both languages say the same things: the same parameters in each.
    expect(new Set(placeholders(entry['zh-CN'])), key).toEqual(new Set(placeholders(entry.en)));
  });

  it.each(entries)('%s renders with every placeholder filled in both languages', (key, entry) => {
    const params = Object.fromEntries(entry.params.map((name, index) => [name, `v${index}`]));
    const refusal = fileRefusalSchema.parse({ key, params });
    for (const language of languages) expect(fileRefusalText(refusal, language)).not.toContain('{{');
  });

  it('the zh-CN texts have no English sentence (only the parameters, the column name id, units and the run’s paths)', () => {
    for (const [key, entry] of entries) {
      const latin = entry['zh-CN'].replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z][A-Za-z0-9-]*/g) ?? [];
      expect(
        latin.filter((word) => !['id', 'UTF-8', 'MB', 'saisresult', 'result', 'csv'].includes(word)),
        key,
      ).toEqual([]);
    }
  });

  it('refuses a stored refusal without a parameter its key needs, or with an unknown key', () => {
    expect(fileRefusalSchema.safeParse({ key: 'duplicateId', params: { line: 3 } }).success).toBe(false);
    expect(fileRefusalSchema.safeParse({ key: 'noSuchKey', params: {} }).success).toBe(false);
    expect(fileRefusalSchema.safeParse({ key: 'duplicateId', params: { line: 3, id: 'a1' } }).success).toBe(
      true,
    );
  });

  it('renders a refusal in the reader’s language; an older English log stays as it is', () => {
    const refusal = scoring.fileRefusal('duplicateId', { line: 3, id: 'a1' });
    expect(submissionLogText(refusal, 'en')).toBe('Line 3, column id: "a1" appears twice (duplicate id).');
    expect(submissionLogText(refusal, 'zh-CN')).toBe('第 3 行 id 列：“a1”出现了两次（重复的 id）。');
    expect(submissionLogText('Line 2: expected 2 columns (id,yield).', 'zh-CN')).toBe(
      'Line 2: expected 2 columns (id,yield).',
    );
    expect(submissionLogText(null, 'en')).toBeNull();
    expect(submissionRowLogText('run output\n', refusal, 'en')).toBe(
      'run output\n\nLine 3, column id: "a1" appears twice (duplicate id).',
    );
    expect(submissionRowLogText(null, null, 'en')).toBeNull();
  });

  it('events keep the refusal as it is, and still read the English logs of older events', () => {
    const data = { submissionId: '0b3f6c1e-59a4-4b52-9a0a-0a5d5d1d1c11' };
    const refusal = { key: 'missingIds', params: { count: 2, example: 'r18' } };
    expect(scoring.SubmissionInvalid.data.parse({ ...data, log: refusal })).toEqual({
      ...data,
      log: refusal,
    });
    expect(scoring.SubmissionInvalid.data.parse({ ...data, log: 'The file is empty.' }).log).toBe(
      'The file is empty.',
    );
  });

  it('the inbox message of an Invalid submission reads in each language', () => {
    const notice = scoring.scoringNotice(
      scoring.SubmissionInvalid.type,
      { log: scoring.fileRefusal('notANumber', { line: 6, column: 'yield', value: 'abc' }) },
      'result.csv',
    )!;
    expect(notice.body.en).toBe(
      'Submission result.csv is invalid: Line 6, column yield: "abc" is not a number.',
    );
    expect(notice.body['zh-CN']).toBe('提交 result.csv 无效：第 6 行 yield 列：“abc”不是数值。');
    const older = scoring.scoringNotice(
      scoring.SubmissionInvalid.type,
      { log: 'The file is empty.' },
      'a.csv',
    )!;
    expect(older.body['zh-CN']).toBe('提交 a.csv 无效：The file is empty.');
  });

  it('a container run’s verdict reads in each language, in the row’s log and in the inbox', () => {
    const verdict = scoring.fileRefusal('runTimeout', { seconds: 8 });
    expect(submissionRowLogText('step 1\n', verdict, 'en')).toBe(
      'step 1\n\nStopped after 8 s: the run reached its time limit.',
    );
    expect(submissionRowLogText('step 1\n', verdict, 'zh-CN')).toBe(
      'step 1\n\n运行 8 秒后被停止：已达到运行时间上限。',
    );
    const data = { submissionId: '0b3f6c1e-59a4-4b52-9a0a-0a5d5d1d1c11', attempt: 1, final: true };
    const event = scoring.EvaluationFailed.data.parse({ ...data, reason: 'Stopped after 8 s.', verdict });
    const notice = scoring.scoringNotice(
      scoring.EvaluationFailed.type,
      event,
      'registry.example/team/model:1',
    )!;
    expect(notice.body.en).toBe(
      'Submission registry.example/team/model:1 failed: Stopped after 8 s: the run reached its time limit.',
    );
    expect(notice.body['zh-CN']).toBe(
      '提交 registry.example/team/model:1 评测失败：运行 8 秒后被停止：已达到运行时间上限。',
    );
    // An event without a verdict (the result-file scorer's platform failure) keeps its message.
    expect(
      scoring.scoringNotice(scoring.EvaluationFailed.type, { ...data, reason: 'x' }, 'a.csv')!.body.en,
    ).toMatch(/platform failure/);
  });
});

describe('the container runs’ verdicts (issue 36, decision 0044)', () => {
  const verdicts = Object.values(scoring.containerRunVerdicts).flat();

  it('every cause is a key of the catalogue with both texts, each using only parameters a participant may see', () => {
    for (const key of verdicts) {
      const entry = fileRefusalTexts[key] as { params: readonly string[]; en: string; 'zh-CN': string };
      for (const language of languages) {
        expect(entry[language], `${key} ${language}`).toBeTruthy();
        for (const name of placeholders(entry[language]))
          expect(scoring.participantParams as readonly string[], `${key} ${language}: {{${name}}}`).toContain(
            name,
          );
      }
    }
    // No cause is listed twice, and none is the result-file scorer's free-text platform sentence.
    expect(new Set(verdicts).size).toBe(verdicts.length);
    expect(verdicts).not.toContain('evaluationFailed');
  });

  it('the platform’s faults say they were retried and do not count, in both languages', () => {
    for (const key of scoring.containerRunVerdicts.platform) {
      expect(fileRefusalTexts[key].en, key).toMatch(/retried automatically.*does not count/);
      expect(fileRefusalTexts[key]['zh-CN'], key).toMatch(/已自动重试.*不计入每日提交次数/);
    }
  });

  it('for any parameter values, a verdict’s text shows only the whitelisted ones (the sandbox’s runtime never)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...verdicts),
        fc.string({ minLength: 6, maxLength: 20 }).map((text) => `SECRET${text.replace(/[{}]/g, '')}`),
        (key, secret) => {
          const entry = fileRefusalTexts[key] as { params: readonly string[] };
          const params = Object.fromEntries(
            entry.params.map((name) => [
              name,
              (scoring.participantParams as readonly string[]).includes(name) ? 'shown' : secret,
            ]),
          );
          for (const language of languages)
            expect(fileRefusalText({ key, params }, language)).not.toContain(secret);
        },
      ),
    );
    const sandbox = scoring.fileRefusal('sandboxUnavailable', { runtime: 'runsc-host-7' });
    for (const language of languages) expect(fileRefusalText(sandbox, language)).not.toContain('runsc');
  });
});
