import { Route } from 'react-router-dom';
import { lazyPage } from '../shared/lazyPage';
import { RequireRole } from '../shared/RequireRole';

// Its own chunk, loaded when first shown.
const StaffActivityPage = lazyPage(
  () => import('./StaffActivityPage'),
  (module) => module.StaffActivityPage,
);

/** The staff activity page (auditors and admins), inside `<CustomRoutes>`. */
export const TrustRoutes = [
  <Route
    key="staff-activity"
    path="/staff-activity"
    element={
      <RequireRole resource="audit">
        <StaffActivityPage />
      </RequireRole>
    }
  />,
];
