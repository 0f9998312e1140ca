import { useNavigate, useSearchParams } from 'react-router-dom';
import { session } from '../session/session';
import { needsFullLoad, safeRedirect } from './redirect';

/** Loads the signed-in user, then goes back to the `redirect` address (spec §2). */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  return async () => {
    await session.load();
    if (needsFullLoad(target)) window.location.assign(target);
    else await navigate(target, { replace: true });
  };
}
