/** Real-name verification status (spec §4), as `/user/detail` and `/user/getAuthentication` name it. */
export type AuthStatus = 'Not Verified' | 'Processing' | 'Verified';

/** The answer of GET /user/detail (services/identity/src/http/schemas.ts `userDetail`). */
export interface UserDetail {
  userId: string;
  username: string;
  email: string | null;
  phone: string | null;
  roles: string[];
  nickname: string | null;
  description: string | null;
  countryRegion: string | null;
  address: string | null;
  isStudent: boolean | null;
  organization: string | null;
  graduationDate: string | null;
  avatarUrl: string | null;
  authStatus: AuthStatus | string;
}

export type SessionState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: UserDetail };
