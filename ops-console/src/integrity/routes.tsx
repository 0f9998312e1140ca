import { Route } from 'react-router-dom';
import { lazyPage } from '../shared/lazyPage';
import { RequireRole } from '../shared/RequireRole';

// Each page is its own chunk, loaded when first shown.
const AsOfPage = lazyPage(
  () => import('./AsOfPage'),
  (module) => module.AsOfPage,
);
const SealPage = lazyPage(
  () => import('./SealPage'),
  (module) => module.SealPage,
);

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
