// The integrity tools (decision 0008): sealed final results, collusion signals, leaderboards as of a time.
import { lazyPage } from '../shared/lazyPage';

export { IntegrityMenuItems } from './IntegrityMenu';
export { IntegrityRoutes } from './routes';
export { integrityRoles } from './roles';

/** `<Resource>` props of the two signal lists (operators), each its own chunk, loaded when first shown. */
export const integrityResources = [
  {
    name: 'signals',
    list: lazyPage(
      () => import('./SignalList'),
      (module) => module.SignalList,
    ),
  },
  {
    name: 'identity-signals',
    list: lazyPage(
      () => import('./IdentitySignalList'),
      (module) => module.IdentitySignalList,
    ),
  },
] as const;
