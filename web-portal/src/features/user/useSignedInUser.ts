import { useSession } from '../session/session';
import type { UserDetail } from '../session/types';

/** The user of a page under /user, which `UserLayout` renders only when someone is signed in. */
export function useSignedInUser(): UserDetail {
  const state = useSession();
  if (state.status !== 'signedIn') throw new Error('a /user page was rendered without a signed-in user');
  return state.user;
}
