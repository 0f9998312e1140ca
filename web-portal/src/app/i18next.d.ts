import type zhCN from '../locales/zh-CN.json';

// Typed keys: `t('home.title')` is checked at compile time against the zh-CN catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}
