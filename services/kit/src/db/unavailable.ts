import { PostgresDialect, PostgresDriver, type DatabaseConnection, type Driver } from 'kysely';

/**
 * Storage unavailable (decision 0027): the PostgreSQL server refuses or drops connections (stopped,
 * restarting, shutting down, out of connection slots). The request that met it did not happen: its
 * transaction never began or was rolled back by the server, so the client may safely send it again.
 *
 * SQLSTATE classes: 08 (connection exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
 * connect now (starting up / shutting down), 53300 too many connections; node's ECONNREFUSED /
 * ECONNRESET / EPIPE, and node-postgres' own "connection terminated" errors (which carry no code).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
const PG_CONNECTION_LOST =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)$/;

/** Marks a connection error met while COMMIT was in flight: the transaction may or may not have committed. */
const commitInDoubt = Symbol('sais.commitInDoubt');

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  [commitInDoubt]?: true;
}

function directlyUnavailable(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (/^08[0-9A-Z]{3}$/.test(code) || SQLSTATES.has(code) || NODE_CODES.has(code)) return true;
  return typeof error.message === 'string' && PG_CONNECTION_LOST.test(error.message);
}

/**
 * True when `error` (or an error in its `cause` chain, or one of an AggregateError's) says storage is
 * unavailable and the work was not done. False for a COMMIT whose answer was lost (its outcome is
 * unknown: it stays a 500, never a "safe to retry").
 */
export function isStorageUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (candidate: unknown): boolean => {
    if (candidate === null || typeof candidate !== 'object' || seen.has(candidate)) return false;
    seen.add(candidate);
    const e = candidate as ErrorLike;
    if (e[commitInDoubt]) return false;
    if (directlyUnavailable(e)) return true;
    if (Array.isArray(e.errors) && e.errors.some(visit)) return true;
    return visit(e.cause);
  };
  return visit(error);
}

/** True when `error` is a connection lost while a COMMIT was in flight (see `isStorageUnavailable`). */
export function isCommitInDoubt(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as ErrorLike)[commitInDoubt] === true;
}

/**
 * A lost connection answers no SQLSTATE: the server may have committed before it went. A server's own
 * answer (a SQLSTATE, 57P01 included) means the COMMIT did not complete.
 */
function lostWithoutAnswer(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const code = (error as ErrorLike).code;
  return !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) && isStorageUnavailable(error);
}

/**
 * Kysely's PostgreSQL dialect whose driver marks a COMMIT that lost its connection as in doubt. Kysely
 * then tries a ROLLBACK on the dead connection; its error would hide the commit's, so the commit's
 * error (marked) is what the caller gets.
 */
export class InDoubtAwarePostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver() as PostgresDriver;
    const inDoubt = new WeakMap<DatabaseConnection, unknown>();
    const commit = driver.commitTransaction.bind(driver);
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.commitTransaction = async (connection) => {
      try {
        await commit(connection);
      } catch (error) {
        if (lostWithoutAnswer(error)) {
          (error as ErrorLike)[commitInDoubt] = true;
          inDoubt.set(connection, error);
        }
        throw error;
      }
    };
    driver.rollbackTransaction = async (connection) => {
      const commitError = inDoubt.get(connection);
      inDoubt.delete(connection);
      try {
        await rollback(connection);
      } catch (error) {
        throw commitError ?? error;
      }
      if (commitError) throw commitError;
    };
    return driver;
  }
}
