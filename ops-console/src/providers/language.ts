/** The language choice shared with the portal (same origin, same localStorage key; spec §3). */
export const languages = ['zh-CN', 'en'] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'zh-CN';
export const languageStorageKey = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function readStoredLanguage(storage: Storage = window.localStorage): Language {
  const stored = storage.getItem(languageStorageKey);
  return isLanguage(stored) ? stored : defaultLanguage;
}

export function storeLanguage(language: Language, storage: Storage = window.localStorage): void {
  storage.setItem(languageStorageKey, language);
}
