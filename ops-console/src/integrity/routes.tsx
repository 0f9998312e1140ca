import { Route } from 'react-router-dom';
import { RequireRole } from '../shared/RequireRole';
import { AsOfPage } from './AsOfPage';
import { SealPage } from './SealPage';

/** The integrity pages that are not resources (inside `<CustomRoutes>`), each behind its role. */
export const IntegrityRoutes = [
  <Route
    key="seal"
    path="/integrity/seal"
    element={
      <RequireRole resource="integrity.seal">
        <SealPage />
      </RequireRole>
    }
  />,
  <Route
    key="asof"
    path="/integrity/asof"
    element={
      <RequireRole resource="integrity.asof">
        <AsOfPage />
      </RequireRole>
    }
  />,
];
