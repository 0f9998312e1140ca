// The auditors' pages: event history per service, one stream's history, hash-chain check, replay.
import History from '@mui/icons-material/History';
import { lazyPage } from '../shared/lazyPage';

/**
 * The props of each service's `audit/<service>/events` resource; each page is a chunk of its own,
 * loaded when first shown.
 */
export const eventResource = {
  list: lazyPage(
    () => import('./EventList'),
    (module) => module.EventList,
  ),
  show: lazyPage(
    () => import('./EventShow'),
    (module) => module.EventShow,
  ),
  icon: History,
  recordRepresentation: 'type',
};
export { auditServices, eventsResource } from './services';
export { AuditRoutes } from './routes';
