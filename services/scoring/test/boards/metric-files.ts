/**
 * Result files with chosen errors, for the several-metrics and board-order tests (issue 37): against
 * `truth` of the latest competition, a file whose error on the k-th public row (of n, in id order) is
 * `publicError(k, n)` and 0 on the private rows.
 */
import { csv, latestSplit } from '../support.ts';

export const truth = csv((i) => i * 5);

export const withErrors = (publicError: (k: number, n: number) => number) => {
  const ids = Array.from({ length: 20 }, (_, i) => `r${i}`);
  const publicIds = ids.filter((id) => latestSplit.publicIds.has(id));
  return csv((i) => {
    const k = publicIds.indexOf(`r${i}`);
    return i * 5 + (k >= 0 ? publicError(k, publicIds.length) : 0);
  });
};

/** MAE 1 with a larger RMSE (about 1.4): 2 on half the rows (1 on one more when n is odd), 0 on the rest. */
export const uneven = () =>
  withErrors((k, n) => (k < Math.floor(n / 2) ? 2 : n % 2 === 1 && k === Math.floor(n / 2) ? 1 : 0));
