import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Background work (the auditors' rebuilds and checks) takes turns with the requests it runs beside:
 * after each step it rests as long as the step took, so on a small machine it uses at most about half
 * of what it could of the event loop, the database and the cores (the PostgreSQL server shares them).
 */
export async function paced<T>(step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  await sleep(Math.min(1000, performance.now() - started));
  return result;
}
