import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { ConsoleTitle } from './layout/ConsoleTitle';
import { darkTheme, lightTheme } from './layout/theme';
import { Dashboard } from './pages/Dashboard';
import { ReviewQueuePage } from './pages/ReviewQueuePage';
import { authProvider, dataProvider, i18nProvider, store } from './providers';

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
      <CustomRoutes>
        <Route path="/review" element={<ReviewQueuePage />} />
      </CustomRoutes>
    </Admin>
  );
}
