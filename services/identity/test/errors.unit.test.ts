import { errorCodes, translate } from '@sais/events';
import { AppError } from '@sais/kit/errors';
import { describe, expect, it } from 'vitest';
import { identityCodes, identityErrors } from '../src/errors.ts';

describe('identity error catalogue', () => {
  it.each(Object.entries(identityErrors))(
    '%s: a code of ours, a text in both languages, an HTTP status',
    (_, make) => {
      const error = (make as (...args: never[]) => AppError)();
      expect(error).toBeInstanceOf(AppError);
      expect([...Object.values(identityCodes), ...Object.values(errorCodes)]).toContain(error.code);
      expect(translate(error.messageKey, 'en')).not.toBe('');
      expect(translate(error.messageKey, 'zh-CN')).not.toBe('');
      expect(error.httpStatus).toBeGreaterThanOrEqual(400);
    },
  );

  it('keeps what a form needs in data', () => {
    expect(identityErrors.wrongOldPassword('password').data).toEqual({ field: 'password' });
    expect(identityErrors.wrongOldPassword().data).toBeNull();
    expect(identityErrors.accountLocked(30)).toMatchObject({
      code: 10006,
      httpStatus: 429,
      data: { retryAfterSeconds: 30 },
    });
  });
});
