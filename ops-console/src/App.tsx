import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { AuditRoutes, auditServices, eventResource, eventsResource } from './audit';
import * as competitions from './competitions';
import { IntegrityRoutes, integrityResources } from './integrity';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { ConsoleTitle } from './layout/ConsoleTitle';
import { darkTheme, lightTheme } from './layout/theme';
import { Dashboard } from './pages/Dashboard';
import { authProvider, dataProvider, i18nProvider, store } from './providers';
import { LeaderboardRoutes } from './leaderboards';
import { TrustRoutes } from './trust/routes';
import * as submissions from './submissions';
import * as teams from './teams';
import * as users from './users';
import * as verifications from './verifications';

// Signing in happens on the portal, so there is no login page here; nothing renders before checkAuth passes.
export function App() {
  return (
    <Admin
      title={<ConsoleTitle />}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      layout={ConsoleLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      dashboard={Dashboard}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      <Resource name="verifications" {...verifications} />
      <Resource name="competitions" {...competitions} />
      <Resource name="submissions" {...submissions} />
      <Resource name="teams" {...teams} />
      <Resource name="users" {...users} />
      {integrityResources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
      {auditServices.map((service) => (
        <Resource key={service} name={eventsResource(service)} {...eventResource} />
      ))}
      <CustomRoutes>
        {/* The portal's /review sends reviewers to /console/#/review: the queue. */}
        <Route path="/review" element={<Navigate to="/verifications" replace />} />
        {AuditRoutes}
        {IntegrityRoutes}
        {LeaderboardRoutes}
        {TrustRoutes}
      </CustomRoutes>
    </Admin>
  );
}
