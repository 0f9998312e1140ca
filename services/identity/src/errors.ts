/** Identity's body codes (10xxx); texts live in the shared catalogue (events/src/messages.ts). */
export const identityCodes = {
  accountExists: 10001,
  usernameTaken: 10002,
  emailTaken: 10003,
  phoneTaken: 10004,
  wrongCredentials: 10005,
  accountLocked: 10006,
  accountDisabled: 10007,
  codeInvalid: 10010,
  codeExpired: 10011,
  codeBurned: 10012,
  codeTooSoon: 10013,
  codeRateLimited: 10014,
  wrongOldPassword: 10020,
  contactNotRegistered: 10021,
} as const;
