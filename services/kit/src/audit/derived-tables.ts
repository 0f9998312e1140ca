/**
 * Every table a participant or a staff member reads that the events determine, checked in one call
 * (decision 0028, issue 33): each read model rebuilt apart and compared with the live one, then each state
 * table compared with what its events say. `npm run events:verify -- --read-models` and the console's
 * read-model job (the auditors' `read-models` job of each service) both run this, so they check the same.
 */
import type { audit } from '@sais/events';
import type { Db } from '../db/database.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import type { Projection } from '../projections/projection.ts';
import { type VerifyReadModelsOptions, verifyReadModels } from './read-models.ts';
import { type StateCheck, verifyStateTables } from './state-tables.ts';

export type DerivedTablesResult = audit.responses.DerivedTablesResult;

export interface DerivedTablesProgress {
  /** The projection or state check being checked ('' when all are done). */
  name: string;
  done: number;
  total: number;
  step: 'rebuild' | 'compare' | 'state';
}

export async function verifyDerivedTables(
  db: Db,
  what: {
    projections: readonly Projection[];
    sourcesOf(projection: Projection): Promise<EventStore[]>;
    stateChecks: readonly StateCheck[];
    storesOf(check: StateCheck): EventStore[];
  },
  options: Omit<VerifyReadModelsOptions, 'onProgress'> & {
    onProgress?(progress: DerivedTablesProgress): void;
  } = {},
): Promise<DerivedTablesResult> {
  const total = what.projections.length + what.stateChecks.length;
  const readModels = await verifyReadModels(db, what.projections, what.sourcesOf, {
    ...options,
    onProgress: (p) =>
      p.projection && options.onProgress?.({ name: p.projection, done: p.done, total, step: p.step }),
  });
  const stateTables: DerivedTablesResult['stateTables'] = [];
  for (const [index, check] of what.stateChecks.entries()) {
    options.onProgress?.({
      name: check.name,
      done: what.projections.length + index,
      total,
      step: 'state',
    });
    const result = await verifyStateTables(db, [check], what.storesOf, {
      personal: options.personal,
      maxDifferences: options.maxDifferences,
    });
    stateTables.push(...result.checks);
  }
  options.onProgress?.({ name: '', done: total, total, step: 'state' });
  return {
    ok: readModels.ok && stateTables.every((report) => report.ok),
    projections: readModels.projections,
    stateTables,
  };
}
