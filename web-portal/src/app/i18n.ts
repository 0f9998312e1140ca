import { type Language, defaultLanguage, languages, readStoredLanguage, storeLanguage } from '@sais/events';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';

export const resources = {
  'zh-CN': { translation: zhCN },
  en: { translation: en },
} as const;

/** Keeps the document in step with the language: `<html lang>` for screen readers, the tab title. */
function reflectInDocument(language: string): void {
  document.documentElement.lang = language;
  document.title = i18next.t('app.name');
}

export async function initI18n(): Promise<typeof i18next> {
  i18next.on('languageChanged', reflectInDocument);
  await i18next.use(initReactI18next).init({
    resources,
    lng: readStoredLanguage(),
    fallbackLng: defaultLanguage,
    supportedLngs: languages,
    interpolation: { escapeValue: false },
  });
  return i18next;
}

/** Switches at once (every translated component re-renders) and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  return i18next.resolvedLanguage === 'en' ? 'en' : defaultLanguage;
}
