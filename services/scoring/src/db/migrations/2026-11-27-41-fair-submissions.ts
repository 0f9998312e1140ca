import { type Migration, sql } from 'kysely';

/** The second field of a CSV's first line (after a BOM), unquoted; null when there is none. */
function targetOfHeader(head: Uint8Array): string | null {
  let text = new TextDecoder().decode(head);
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const line = text.split('\n', 1)[0]!.replace(/\r$/, '');
  const fields = line.split(',').map((field) => field.trim().replace(/^"(.*)"$/, '$1'));
  return fields.length >= 2 && fields[1] ? fields[1] : null;
}

export const migration: Migration = {
  async up(db) {
    // Decision 0020. The ground truth's target column, so an upload's header is checked while it
    // streams (set at upload; filled here from the stored files' first lines).
    await sql`alter table scoring.ground_truths add column target text`.execute(db);
    const rows = await sql<{ competition_id: string; head: Buffer }>`
      select competition_id, substring(content from 1 for 65536) as head from scoring.ground_truths`.execute(
      db,
    );
    for (const row of rows.rows) {
      const target = targetOfHeader(row.head);
      if (target !== null)
        await sql`update scoring.ground_truths set target = ${target}
          where competition_id = ${row.competition_id}`.execute(db);
    }
    // When a worker took a submission and when it finished: the queue's estimates (recent durations).
    await sql`alter table scoring.submissions add column started_at timestamptz, add column finished_at timestamptz`.execute(
      db,
    );
    await sql`create index submissions_finished on scoring.submissions (competition_id, finished_at desc)
      where finished_at is not null`.execute(db);
    // The queue: a competition's waiting submissions in order (few rows, partial index).
    await sql`create index submissions_waiting on scoring.submissions (competition_id, created_at)
      where status in ('Waiting', 'Evaluating')`.execute(db);
  },
};
