// @vitest-environment jsdom
import { languageStorageKey, readStoredLanguage } from '@sais/events';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from './i18n';

describe('the language choice', () => {
  beforeEach(() => window.localStorage.clear());

  it('defaults to zh-CN when nothing (or something unknown) is stored', () => {
    expect(readStoredLanguage()).toBe('zh-CN');
    window.localStorage.setItem(languageStorageKey, 'fr');
    expect(readStoredLanguage()).toBe('zh-CN');
  });

  it('switches at once, is stored under `language` and is picked up on the next start', async () => {
    await initI18n();
    expect(i18next.t('topBar.login')).toBe('登录');
    expect(document.documentElement.lang).toBe('zh-CN');

    await changeLanguage('en');
    expect(i18next.t('topBar.login')).toBe('Login');
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe(i18next.t('app.name'));
    expect(readStoredLanguage()).toBe('en');
  });
});
