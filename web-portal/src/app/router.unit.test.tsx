// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { session } from '../features/session/session';
import type { UserDetail } from '../features/session/types';
import { initI18n } from './i18n';
import { loadEveryPage } from './lazyPages';
import { routes } from './router';

const someone: UserDetail = {
  userId: 'u-1',
  username: 'someone1',
  email: 'someone@example.org',
  phone: null,
  roles: ['participant'],
  nickname: null,
  description: null,
  countryRegion: null,
  address: null,
  isStudent: null,
  organization: null,
  graduationDate: null,
  avatarUrl: null,
  authStatus: 'Not Verified',
};

async function landingOf(address: string, part: 'pathname' | 'search' = 'pathname'): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  await act(async () => void render(<RouterProvider router={router} />));
  return router.state.location[part];
}

describe('the portal routes (spec §2)', () => {
  beforeAll(async () => {
    await initI18n();
    await loadEveryPage();
    session.set(someone);
  });
  afterEach(cleanup);

  it.each([
    ['/', '/'],
    ['/intro', '/intro'],
    ['/somewhere/unknown', '/intro'],
    ['/competitionDetail/42', '/competitionDetail/42/format'],
    ['/competitionDetail/42/leaderboard', '/competitionDetail/42/leaderboard'],
    ['/competitionDetail/42/team', '/competitionDetail/42/team/buildTeam'],
    ['/competitionDetail/42/team/joinTeam', '/competitionDetail/42/team/joinTeam'],
    ['/competitionDetail/42/nothing', '/intro'],
    ['/user', '/user/myInfo'],
    ['/user/myMsg', '/user/myMsg'],
    ['/login', '/login'],
    ['/register', '/register'],
    ['/forget', '/forget'],
  ])('%s lands on %s', async (address, expected) => {
    expect(await landingOf(address)).toBe(expected);
  });

  it('shows the top bar in the main layout and not on the sign-in pages', async () => {
    await landingOf('/intro');
    expect(document.querySelector('[data-testid="top-bar"]')).not.toBeNull();
    cleanup();
    await landingOf('/login');
    expect(document.querySelector('[data-testid="top-bar"]')).toBeNull();
  });

  it('sends a signed-out visitor of /user to /login, coming back afterwards', async () => {
    session.clear();
    try {
      expect(await landingOf('/user/myMsg')).toBe('/login');
      cleanup();
      expect(await landingOf('/user/myMsg', 'search')).toBe(`?redirect=${encodeURIComponent('/user/myMsg')}`);
    } finally {
      session.set(someone);
    }
  });
});
