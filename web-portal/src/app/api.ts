import i18next from 'i18next';
import { createApiClient } from '../api/client';
import { notices } from '../notices/notices';
import { currentLanguage } from './i18n';
import { router } from './router';

/** The portal's API client: same origin under /api, notices in the Snackbar, 401 → the login page. */
export const api = createApiClient({
  baseUrl: '/api',
  language: currentLanguage,
  notifier: notices,
  currentAddress: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
  navigate: (to) => void router.navigate(to),
  translate: (key, values) => i18next.t(key, values ?? {}),
});
