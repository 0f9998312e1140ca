/**
 * The interface language chosen in the portal or the console (spec §3, §9). Both apps run on one origin
 * and keep the choice in localStorage under one key, so a switch in one is the language of the other.
 * Storage is only touched when a function is called: the services load this module too.
 */
import { type Language, languages } from './text.ts';

export const defaultLanguage: Language = 'zh-CN';
export const languageStorageKey = 'language';

/** The part of Web Storage the choice needs (`localStorage` unless a test passes its own). */
export interface LanguageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function readStoredLanguage(storage: LanguageStorage = globalThis.localStorage): Language {
  const stored = storage.getItem(languageStorageKey);
  return isLanguage(stored) ? stored : defaultLanguage;
}

export function storeLanguage(language: Language, storage: LanguageStorage = globalThis.localStorage): void {
  storage.setItem(languageStorageKey, language);
}
