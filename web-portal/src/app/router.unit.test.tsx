// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { initI18n } from './i18n';
import { routes } from './router';

async function landingOf(address: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  await act(async () => void render(<RouterProvider router={router} />));
  return router.state.location.pathname;
}

describe('the portal routes (spec §2)', () => {
  beforeAll(() => initI18n());
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
});
