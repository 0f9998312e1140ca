import type { identity } from '@sais/events';

/** Real-name verification status (spec §4), as `/user/detail` and `/user/getAuthentication` name it. */
export type AuthStatus = 'Not Verified' | 'Processing' | 'Verified';

/** The answer of GET /user/detail (events/src/identity/responses.ts `userDetail`). */
export type UserDetail = identity.responses.UserDetail;

export type SessionState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: UserDetail };
