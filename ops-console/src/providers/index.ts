import { readStoredLanguage } from '@sais/events';
import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';
import { createI18nProvider } from './i18nProvider';
import { createConsoleStore } from './store';

/** The console's providers, wired to this browser: same-origin API under /api, portal login. */
export const i18nProvider = createI18nProvider(readStoredLanguage());
const language = () => i18nProvider.getLocale();

const currentConsoleAddress = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** The platform API, on the console's own origin (the session cookie goes along). */
export const apiBase = '/api';

export const authProvider = createAuthProvider({
  apiBase,
  language,
  loginAddress: () =>
    new URL(`/login?redirect=${encodeURIComponent(currentConsoleAddress())}`, window.location.origin).href,
  goTo: (address) => window.location.assign(address),
});

export const dataProvider = createDataProvider(apiBase, language);

export const store = createConsoleStore();
