import { setTimeout as sleep } from 'node:timers/promises';
import { embeddedDatabaseOpen } from './database.ts';

/**
 * Background work (the auditors' rebuilds and checks) takes turns with the requests it runs beside:
 * after each step it rests as long as the step took, so on a small machine it uses at most about half
 * of what it could of the event loop, the database and the cores (the PostgreSQL server shares them).
 * With an embedded database open it rests twice as long (a third): that database's statements run on
 * the requests' own event loop, and at half 20 participants' slowest request reached 2,050 ms during an
 * as-of (issue 17's bound is 2 s; decision 0016).
 */
export async function paced<T>(step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  const share = embeddedDatabaseOpen() ? 2 : 1;
  await sleep(Math.min(1000 * share, share * (performance.now() - started)));
  return result;
}
