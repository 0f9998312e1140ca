import { Route } from 'react-router-dom';
import { RequireRole } from '../shared/RequireRole';
import { LeaderboardsPage } from './LeaderboardsPage';

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
