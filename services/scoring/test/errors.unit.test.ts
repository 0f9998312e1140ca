import { errorCodes, translate } from '@sais/events';
import { AppError } from '@sais/kit/errors';
import { describe, expect, it } from 'vitest';
import { scoringCodes, scoringErrors } from '../src/errors.ts';
import { integrityCodes } from '../src/integrity/codes.ts';

describe('scoring error catalogue', () => {
  it.each(Object.entries(scoringErrors))(
    '%s: a code of ours, a text in both languages, an HTTP status',
    (key, make) => {
      const error = make();
      expect(error).toBeInstanceOf(AppError);
      expect(error.messageKey).toBe(key);
      expect([
        ...Object.values(scoringCodes),
        ...Object.values(integrityCodes),
        ...Object.values(errorCodes),
      ]).toContain(error.code);
      for (const language of ['en', 'zh-CN'] as const) {
        expect(translate(error.messageKey, language)).not.toBe('');
        expect(translate(error.messageKey, language)).not.toBe(key);
      }
      expect(error.httpStatus).toBeGreaterThanOrEqual(400);
    },
  );

  it('keeps what the client needs in data', () => {
    expect(scoringErrors.dailyLimitReached({ data: { limit: 3 } })).toMatchObject({
      code: scoringCodes.dailyLimitReached,
      httpStatus: 429,
      data: { limit: 3 },
    });
    expect(scoringErrors.submissionNotFound().data).toBeNull();
  });
});
