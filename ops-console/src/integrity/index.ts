// The integrity tools (decision 0008): sealed final results, collusion signals, leaderboards as of a time.
import { IdentitySignalList } from './IdentitySignalList';
import { SignalList } from './SignalList';

export { IntegrityMenuItems } from './IntegrityMenu';
export { IntegrityRoutes } from './routes';
export { integrityRoles } from './roles';

/** `<Resource>` props of the two signal lists (operators). */
export const integrityResources = [
  { name: 'signals', list: SignalList },
  { name: 'identity-signals', list: IdentitySignalList },
] as const;
