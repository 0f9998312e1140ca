import { readStoredLanguage } from '@sais/events';
import { type Store, localStorageStore } from 'react-admin';

/**
 * react-admin keeps its own `locale` preference; it is seeded from the shared `language` key on every
 * start so a switch made in the portal is not undone by an older choice remembered here.
 */
export function createConsoleStore(): Store {
  const store = localStorageStore(undefined, 'SaisConsole');
  store.setItem('locale', readStoredLanguage());
  return store;
}
