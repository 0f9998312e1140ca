// The auditors' pages: event history per service, one stream's history, hash-chain check, replay.
import History from '@mui/icons-material/History';
import { EventList } from './EventList';
import { EventShow } from './EventShow';

/** The props of each service's `audit/<service>/events` resource. */
export const eventResource = {
  list: EventList,
  show: EventShow,
  icon: History,
  recordRepresentation: 'type',
};
export { auditServices, eventsResource } from './services';
export { AuditRoutes } from './routes';
