import type { AuthProvider, UserIdentity } from 'react-admin';
import { readEnvelope } from '@sais/events';
import { networkMessage } from './httpClient';
import { mayUse } from './permissions';

/** The part of `/user/detail` the console uses; the identity service owns the full shape. */
export interface UserDetail {
  /** The account id (`/user/detail` answers `userId`). */
  userId?: string;
  id?: string | number;
  username?: string;
  nickname?: string;
  avatar?: string;
  roles?: string[];
}

export interface AuthProviderConfig {
  /** `/api` in the browser; tests pass an absolute URL. */
  apiBase: string;
  language: () => string;
  /** The portal's login page with `redirect` = the console address to come back to (absolute URL). */
  loginAddress: () => string;
  goTo: (address: string) => void;
}

/** What react-admin expects for "not signed in": go to `redirectTo`, show no notice of its own. */
export interface SignedOut {
  redirectTo: string;
  message: false;
}

/** Signing in happens on the portal (one session cookie for both apps); the console only reads it. */
export function createAuthProvider(config: AuthProviderConfig): AuthProvider {
  const call = (path: string) =>
    fetch(`${config.apiBase}${path}`, {
      credentials: 'include',
      headers: { Accept: 'application/json', 'Accept-Language': config.language() },
    }).catch(() => {
      // The browser's own words for a lost connection ("Failed to fetch") never reach the page.
      throw new Error(networkMessage[config.language() === 'en' ? 'en' : 'zh-CN']);
    });

  const signedOut = (): SignedOut => ({ redirectTo: config.loginAddress(), message: false });

  async function readDetail(): Promise<UserDetail | null> {
    const response = await call('/user/detail');
    const envelope = readEnvelope<UserDetail>(await response.json().catch(() => null));
    const signedIn = envelope?.code === 0 && typeof envelope.data === 'object' && envelope.data !== null;
    return signedIn ? envelope.data : null;
  }

  async function requireDetail(): Promise<UserDetail> {
    const detail = await readDetail();
    if (!detail) throw signedOut();
    return detail;
  }

  return {
    async login() {
      config.goTo(config.loginAddress());
      return { redirectTo: false };
    },
    async logout() {
      await call('/user/logout').catch(() => undefined);
      return config.loginAddress();
    },
    async checkAuth() {
      await requireDetail();
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) throw signedOut();
    },
    async getPermissions() {
      const detail = await readDetail();
      return Array.isArray(detail?.roles) ? detail.roles : [];
    },
    /** Resource pages and menu items by role (see `permissions.ts`); the server checks the same. */
    async canAccess({ resource }) {
      const detail = await readDetail();
      return mayUse(detail?.roles, resource);
    },
    async getIdentity(): Promise<UserIdentity> {
      const detail = await requireDetail();
      return {
        id: detail.userId ?? detail.id ?? detail.username ?? '',
        fullName: detail.nickname || detail.username,
        avatar: detail.avatar,
      };
    },
  };
}
