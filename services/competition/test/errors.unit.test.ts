import { errorCodes, translate } from '@sais/events';
import { AppError } from '@sais/kit/errors';
import { describe, expect, it } from 'vitest';
import { competitionCodes, competitionErrors } from '../src/errors.ts';

describe('competition error catalogue', () => {
  it.each(Object.entries(competitionErrors))(
    '%s: a code of ours, a text in both languages, an HTTP status',
    (_, make) => {
      const error = (make as (...args: never[]) => AppError)();
      expect(error).toBeInstanceOf(AppError);
      expect([...Object.values(competitionCodes), ...Object.values(errorCodes)]).toContain(error.code);
      expect(translate(error.messageKey, 'en')).not.toBe('');
      expect(translate(error.messageKey, 'zh-CN')).not.toBe('');
      expect(error.httpStatus).toBeGreaterThanOrEqual(400);
    },
  );

  it('names the missing agreements', () => {
    expect(competitionErrors.agreementsRequired(['a1']).data).toEqual({ missing: ['a1'] });
  });
});
