import i18next from 'i18next';
import { createApiClient } from '../api/client';
import { notices } from '../notices/notices';
import { currentLanguage } from './i18n';

/**
 * How the client moves to another page (the login page on a 401): given by the router once it exists
 * (`router.tsx`), so this client imports no page and no page's import reaches back here in a circle.
 * Until then, a full page load.
 */
let navigation = (to: string) => window.location.assign(to);

export function setNavigation(navigate: (to: string) => void): void {
  navigation = navigate;
}

/** The portal's API client: same origin under /api, notices in the Snackbar, 401 → the login page. */
export const api = createApiClient({
  baseUrl: '/api',
  language: currentLanguage,
  notifier: notices,
  currentAddress: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
  navigate: (to) => navigation(to),
  translate: (key, values) => i18next.t(key, values ?? {}),
});
