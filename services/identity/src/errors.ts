import { errorCodes, identityCodes } from '@sais/events';
import { AppError } from '@sais/kit/errors';

export { identityCodes } from '@sais/events';

const fail = (key: keyof typeof identityCodes, status: number, data?: unknown) =>
  new AppError(identityCodes[key], key, status, data === undefined ? {} : { data });

/**
 * Domain failures of the identity service, one constructor each (code, message key, HTTP status; the
 * zh-CN and en texts are in the shared catalogue under the same key), as team's `teamErrors`.
 */
export const identityErrors = {
  accountExists: () => fail('accountExists', 409),
  usernameTaken: () => fail('usernameTaken', 409),
  emailTaken: () => fail('emailTaken', 409),
  phoneTaken: () => fail('phoneTaken', 409),
  wrongCredentials: () => fail('wrongCredentials', 400),
  accountLocked: (retryAfterSeconds: number) => fail('accountLocked', 429, { retryAfterSeconds }),
  accountDisabled: () => fail('accountDisabled', 403),
  /** Signing in to (or acting as) a closed account. */
  accountClosed: () => fail('accountClosed', 403),
  /** A command on an account that is closed already. */
  accountAlreadyClosed: () => fail('accountClosed', 409),
  codeInvalid: () => fail('codeInvalid', 400),
  codeExpired: () => fail('codeExpired', 400),
  codeBurned: () => fail('codeBurned', 400),
  codeTooSoon: (secondsLeft: number) => fail('codeTooSoon', 429, { secondsLeft }),
  codeRateLimited: () => fail('codeRateLimited', 429),
  /** `field` names the form field to mark, where the form has one. */
  wrongOldPassword: (field?: 'password') => fail('wrongOldPassword', 400, field && { field }),
  verificationPending: () => fail('verificationPending', 409),
  alreadyVerified: () => fail('alreadyVerified', 409),
  verificationNotPending: () => fail('verificationNotPending', 409),
  alipayNotConfigured: () => fail('alipayNotConfigured', 501),
  ownVerification: () => fail('ownVerification', 403),
  certificateNumberMismatch: () => fail('certificateNumberMismatch', 409),
  photosNotViewed: () => fail('photosNotViewed', 409),
  photoChecklistIncomplete: () => fail('photoChecklistIncomplete', 400),
  disableReasonRequired: () => fail('disableReasonRequired', 400, { field: 'reason' }),
  closeReasonRequired: () => fail('closeReasonRequired', 400, { field: 'reason' }),
  notOnOwnAccount: () => fail('notOnOwnAccount', 409),
  staffNeedsAdmin: () => fail('staffNeedsAdmin', 403),
  lastAdmin: () => fail('lastAdmin', 409),
  identitySignalNotFound: () => fail('identitySignalNotFound', 404),
  identitySignalDecided: () => fail('identitySignalDecided', 409),
  // Platform failures keep the platform's body codes, as the kit's error classes do.
  notSignedIn: () => new AppError(errorCodes.notSignedIn, 'notSignedIn', 401),
  notFound: () => new AppError(errorCodes.notFound, 'notFound', 404),
};
