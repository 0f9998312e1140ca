import { type QueryResult, type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Runs a monitoring statement with PostgreSQL's JIT off. Their plans are estimated far above what they
 * read (a tail of the events "past a position", a table's rows grouped), enough for the server to compile
 * them to machine code first: 50 ms or more of the database's CPU, at every scrape, for statements that
 * run in a few milliseconds.
 */
export async function withoutJit<T>(db: Db, statement: RawBuilder<T>): Promise<QueryResult<T>> {
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return statement.execute(trx);
  });
}
