import { type Language, isLanguage, storeLanguage } from '@sais/events';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { en } from '../i18n/en';
import { zhCN } from '../i18n/zh-CN';

const catalogues: Record<Language, typeof en> = { 'zh-CN': zhCN, en };

/** Polyglot messages whose locale follows, and updates, the choice shared with the portal. */
export function createI18nProvider(initial: Language): I18nProvider {
  const polyglot = polyglotI18nProvider(
    (locale) => catalogues[isLanguage(locale) ? locale : 'zh-CN'],
    initial,
    [
      { locale: 'zh-CN', name: '简体中文' },
      { locale: 'en', name: 'English' },
    ],
  );
  return {
    ...polyglot,
    changeLocale: async (locale, options) => {
      if (isLanguage(locale)) storeLanguage(locale);
      await polyglot.changeLocale(locale, options);
    },
  };
}
