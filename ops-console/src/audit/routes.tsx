import { Route } from 'react-router-dom';
import { lazyPage } from '../shared/lazyPage';
import { RequireRole } from '../shared/RequireRole';

// Each page is its own chunk, loaded when first shown.
const ReadModelsPage = lazyPage(
  () => import('./ReadModelsPage'),
  (module) => module.ReadModelsPage,
);
const ReplayPage = lazyPage(
  () => import('./ReplayPage'),
  (module) => module.ReplayPage,
);
const StreamHistory = lazyPage(
  () => import('./StreamHistory'),
  (module) => module.StreamHistory,
);
const VerifyPage = lazyPage(
  () => import('./VerifyPage'),
  (module) => module.VerifyPage,
);

/** The audit pages that are not resources (inside `<CustomRoutes>`), each behind its role. */
export const AuditRoutes = [
  <Route
    key="streams"
    path="/audit/streams"
    element={
      <RequireRole resource="audit">
        <StreamHistory />
      </RequireRole>
    }
  />,
  <Route
    key="stream"
    path="/audit/streams/:service/:streamId"
    element={
      <RequireRole resource="audit">
        <StreamHistory />
      </RequireRole>
    }
  />,
  <Route
    key="verify"
    path="/audit/verify"
    element={
      <RequireRole resource="audit">
        <VerifyPage />
      </RequireRole>
    }
  />,
  <Route
    key="read-models"
    path="/audit/read-models"
    element={
      <RequireRole resource="audit">
        <ReadModelsPage />
      </RequireRole>
    }
  />,
  <Route
    key="replay"
    path="/audit/replay"
    element={
      <RequireRole resource="audit.replay">
        <ReplayPage />
      </RequireRole>
    }
  />,
];
