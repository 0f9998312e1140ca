import { Route } from 'react-router-dom';
import { RequireRole } from '../shared/RequireRole';
import { StaffActivityPage } from './StaffActivityPage';

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
