import { describe, expect, it } from 'vitest';
import { languages, messages, pickLanguage, translateWith } from '../src/index.ts';

describe('message catalogue', () => {
  it('has every message in zh-CN and en', () => {
    for (const [key, text] of Object.entries(messages)) {
      for (const language of languages) expect(text[language], `${key} ${language}`).toBeTruthy();
    }
  });

  it('keeps the exact English texts of the spec', () => {
    expect(messages.usernameFormat.en).toBe('Username is 6~20 characters of lowercase letters or numbers');
    expect(messages.passwordsNotSame.en).toBe('Passwords are not same');
    expect(messages.termsRequired.en).toBe('Please read and agree the service terms');
  });

  it('fills a message’s placeholders from an error’s data, leaving unknown ones', () => {
    expect(translateWith('resultHeaderWrong', 'en', { expected: 'id,yield', found: 'id,y' })).toBe(
      'The first line of the file must be exactly “id,yield”; this file’s first line is “id,y”. The file was not accepted and used none of today’s submissions',
    );
    expect(translateWith('formatRefusalsLimitReached', 'zh-CN', { limit: 10 })).toContain(
      '今日已有 10 个文件',
    );
    expect(translateWith('formatRefusalsLimitReached', 'en', null)).toContain('{{limit}}');
    expect(translateWith('notSignedUp', 'en', { limit: 1 })).toBe(messages.notSignedUp.en);
  });

  it.each([
    [undefined, 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR, en;q=0.5, zh;q=0.8', 'zh-CN'],
    ['de', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
  ])('picks the language of %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('message areas', () => {
  it('never define the same key twice (a later area would silently win)', async () => {
    const areas = await Promise.all(
      ['common', 'identity', 'competition', 'team', 'scoring', 'transparency'].map(async (area) =>
        Object.keys(Object.values(await import(`../src/messages/${area}.ts`))[0] as object),
      ),
    );
    const all = areas.flat();
    const duplicates = all.filter((key, index) => all.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
  });
});
