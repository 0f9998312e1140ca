import { Route } from 'react-router-dom';
import { lazyPage } from '../shared/lazyPage';
import { RequireRole } from '../shared/RequireRole';

// Its own chunk, loaded when first shown.
const LeaderboardsPage = lazyPage(
  () => import('./LeaderboardsPage'),
  (module) => module.LeaderboardsPage,
);

/** The leaderboards page (not a resource), inside `<CustomRoutes>`, for operators and admins. */
export const LeaderboardRoutes = [
  <Route
    key="leaderboards"
    path="/leaderboards"
    element={
      <RequireRole resource="leaderboards">
        <LeaderboardsPage />
      </RequireRole>
    }
  />,
];
