// @vitest-environment jsdom
import { languageStorageKey, readStoredLanguage } from '@sais/events';
import { beforeEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { zhCN } from '../i18n/zh-CN';
import { createI18nProvider } from './i18nProvider';
import { createConsoleStore } from './store';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('the console language', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts in the language chosen in the portal (zh-CN by default)', () => {
    expect(readStoredLanguage()).toBe('zh-CN');
    window.localStorage.setItem(languageStorageKey, 'en');
    const provider = createI18nProvider(readStoredLanguage());
    expect(provider.getLocale()).toBe('en');
    expect(provider.translate('console.title')).toBe('Operations console');
  });

  it('stores a switch made in the console under the shared `language` key', async () => {
    const provider = createI18nProvider('zh-CN');
    expect(provider.translate('ra.auth.logout')).toBe('退出登录');
    await provider.changeLocale('en');
    expect(provider.translate('ra.auth.logout')).toBe('Logout');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it("seeds react-admin's own locale preference from the shared choice", () => {
    window.localStorage.setItem(languageStorageKey, 'en');
    expect(createConsoleStore().getItem('locale')).toBe('en');
  });

  it('offers the same messages in both languages', () => {
    expect(keysOf(zhCN).sort()).toEqual(keysOf(en).sort());
  });
});

function leaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node !== 'object' || node === null) return [[prefix, String(node)]];
  return Object.entries(node).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

describe('the zh-CN console (issue 35)', () => {
  it('leaves no English sentence untranslated ("Clear the list")', () => {
    const zh = new Map(leaves(zhCN));
    // A message with words (not only placeholders) must read differently in Chinese.
    const words = (text: string) => /[A-Za-z]{2,}/.test(text.replace(/%\{[^}]+\}/g, ''));
    const untranslated = leaves(en)
      .filter(([key, text]) => words(text) && zh.get(key) === text)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});
