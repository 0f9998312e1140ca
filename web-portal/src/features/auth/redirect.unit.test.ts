import { describe, expect, it } from 'vitest';
import { needsFullLoad, safeRedirect } from './redirect';

const origin = 'https://sais.example.org';

describe('the address to return to after signing in', () => {
  it.each([
    ['/competitionDetail/7/leaderboard?tab=public#top', '/competitionDetail/7/leaderboard?tab=public#top'],
    ['/console/#/review', '/console/#/review'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example.com/', '/'],
    ['//evil.example.com/path', '/'],
    ['/\\evil.example.com', '/'],
    ['javascript:alert(1)', '/'],
    ['user/myInfo', '/'],
  ])('%s → %s', (redirect, expected) => {
    expect(safeRedirect(redirect, origin)).toBe(expected);
  });

  it('loads the console, another app, with a full page load', () => {
    expect(needsFullLoad('/console/#/review')).toBe(true);
    expect(needsFullLoad('/console')).toBe(true);
    expect(needsFullLoad('/consoles')).toBe(false);
    expect(needsFullLoad('/user/myInfo')).toBe(false);
  });
});
