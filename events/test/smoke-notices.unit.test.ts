import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FileRefusal,
  fileRefusal,
  fileRefusalKeys,
  formatScore,
  scoringNotice,
  submissionEvents,
} from '../src/scoring/index.ts';

/**
 * The inbox notice of a smoke run (decision 0049): it says it was a smoke run and gives the format check's
 * result (passed, failed with the verdict, or not checked because the run failed), in both languages, and
 * never a score, whatever the event carries.
 */
describe('the notice of a smoke run', () => {
  const id = '0b3f6c1e-59a4-4b52-9a0a-0a5d5d1d1c11';
  const smoke = (type: string, data: object) => scoringNotice(type, data, 'reg.example/t/m:1', null, true);

  it('a run whose result has the right format: passed, with its rows, in both languages', () => {
    const notice = smoke('scoring.SmokeRunChecked', { submissionId: id, rows: 3 })!;
    expect(notice.title).toEqual({ en: 'Smoke run: format check passed', 'zh-CN': '试运行：格式检查通过' });
    expect(notice.body.en).toBe(
      'Your smoke run reg.example/t/m:1 completed and its result file passed the format check (3 rows). Smoke runs check the result file’s format only: they are never scored or ranked and use none of your daily submissions.',
    );
    expect(notice.body['zh-CN']).toBe(
      '您的试运行 reg.example/t/m:1 已完成，结果文件通过了格式检查（3 行）。试运行只检查结果文件的格式：不评分、不上榜，也不占用每日提交次数。',
    );
    // Without the smoke mark the same event tells nothing (it only ever follows a smoke run).
    expect(scoringNotice('scoring.SmokeRunChecked', { submissionId: id, rows: 3 }, 'x')).toBeNull();
  });

  it('a wrong file: failed, with the verdict; a run that ended wrong: nothing to check; a failed run: not checked', () => {
    const wrong = smoke('scoring.SubmissionInvalid', {
      log: fileRefusal('headerMismatch', { line: 1, expected: 'id,yield', found: 'wrong,header' }),
    })!;
    expect(wrong.title.en).toBe('Smoke run: format check failed');
    expect(wrong.body.en).toContain('failed the format check: Line 1: the header must be "id,yield"');
    expect(wrong.title['zh-CN']).toBe('试运行：格式检查未通过');
    expect(wrong.body['zh-CN']).toContain('未通过格式检查：第 1 行：表头必须是“id,yield”');
    const exited = smoke('scoring.SubmissionInvalid', {
      log: fileRefusal('runExitCode', { exitCode: 3, seconds: 2 }),
    })!;
    expect(exited.title).toEqual({ en: 'Smoke run: nothing to check', 'zh-CN': '试运行：无可检查的结果' });
    expect(exited.body.en).toContain(
      'ended without a result file to check: The run script exited with code 3',
    );
    const failed = smoke('scoring.EvaluationFailed', {
      attempt: 1,
      final: true,
      reason: 'x',
      verdict: fileRefusal('runTimeout', { seconds: 8 }),
    })!;
    expect(failed.title).toEqual({ en: 'Smoke run failed', 'zh-CN': '试运行失败' });
    expect(failed.body.en).toContain('so its result file was not checked: Stopped after 8 s');
    expect(failed.body['zh-CN']).toContain('结果文件未经检查：运行 8 秒后被停止');
    // A failure that will be retried tells nothing yet.
    expect(smoke('scoring.EvaluationFailed', { attempt: 1, final: false, reason: 'x' })).toBeNull();
  });

  it('for any event of a submission and any data, never holds a score and always says smoke run', () => {
    const verdict = fc
      .constantFrom(...fileRefusalKeys)
      .map((key) => ({ key, params: { line: 2, seconds: 5, exitCode: 1, limit: 4 } }) as FileRefusal);
    fc.assert(
      fc.property(
        fc.constantFrom(...submissionEvents.map((event) => event.type)),
        // Scores that cannot be mistaken for the texts' own numbers (line 2, 8 s, 3 rows).
        fc.double({ min: 1000.001, max: 1e6, noNaN: true }),
        fc.double({ min: 1000.001, max: 1e6, noNaN: true }),
        fc.option(verdict, { nil: undefined }),
        fc.boolean(),
        fc.integer({ min: 0, max: 999 }),
        (type, publicScore, privateScore, refusal, final, rows) => {
          const data = {
            submissionId: id,
            metric: 'rmse',
            publicScore,
            privateScore,
            rows,
            final,
            attempt: 1,
            reason: 'operator note',
            ...(refusal && { verdict: refusal, log: refusal }),
          };
          const notice = smoke(type, data);
          if (!notice) return;
          for (const text of [notice.title.en, notice.body.en, notice.title['zh-CN'], notice.body['zh-CN']]) {
            expect(text).not.toContain(formatScore(publicScore));
            expect(text).not.toContain(formatScore(privateScore));
          }
          expect(`${notice.title.en} ${notice.body.en}`).toMatch(/[Ss]moke run/);
          expect(`${notice.title['zh-CN']} ${notice.body['zh-CN']}`).toContain('试运行');
        },
      ),
    );
  });
});
