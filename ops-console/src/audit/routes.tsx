import { Route } from 'react-router-dom';
import { ReadModelsPage } from './ReadModelsPage';
import { ReplayPage } from './ReplayPage';
import { RequireRole } from '../shared/RequireRole';
import { StreamHistory } from './StreamHistory';
import { VerifyPage } from './VerifyPage';

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
