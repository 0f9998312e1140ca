import type { ServiceContext } from '@sais/kit/platform';
import { type Publications, type Seals, Standings } from '../boards/index.ts';
import type { AdminGuards, RouteGuard } from '../http/admin/routes.ts';
import { ownTeamGuards } from './duties.ts';
import { sealedResultsGuards } from './guards.ts';
import { Signals } from './signals.ts';

/**
 * The integrity parts the scoring service's operator calls share: the signals, and the guards that keep
 * sealed results sealed, built on the boards' seals and publications. Built once in index.ts; the
 * integrity routes (integrity/http/routes.ts) and the other operators' areas take them.
 */
export function integrityParts(
  { db, store }: Pick<ServiceContext, 'db' | 'store'>,
  { seals, publications }: { seals: Seals; publications: Publications },
) {
  const signals = new Signals(db, store, new Standings(db, store));
  const guards: AdminGuards & { ownSignalTeam: RouteGuard; beforePublish: RouteGuard } = {
    ...sealedResultsGuards(seals, publications),
    ...ownTeamGuards(db, signals),
  };
  return { seals, signals, guards };
}

export type IntegrityParts = ReturnType<typeof integrityParts>;
