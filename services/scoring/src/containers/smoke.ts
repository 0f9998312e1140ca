/**
 * Smoke runs (decision 0049): the competition's smoke split (one visible dataset file, chosen by an operator
 * and recorded as scoring.SmokeSplitSet), the day's cap of smoke runs per team, and the format check of a
 * smoke run's result file (a smoke run is never scored against the ground truth).
 */
import { type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import type { ScoringDb } from '../db/tables.ts';
import { scoringErrors } from '../errors.ts';
import { InvalidFile, openLines, refusal, text } from '../evaluation/csv.ts';
import { ROW_OK, headerFields, row, rowRefusal, splitRow } from '../evaluation/fields.ts';

/** Smoke runs a team may make a day when the operator set no number. */
export const DEFAULT_SMOKE_RUNS_PER_DAY = 3;

/**
 * The characters of a smoke run's output kept (its end): a smoke run is for reading the log, so it keeps more
 * than a ranked run's SCORING_RUN_LOG_CHARS (default 4,000), still bounded (a team makes few a day).
 */
export const SMOKE_LOG_CHARS = 64_000;

const t = (db: Db) => db.withSchema('scoring') as ScoringDb;

export interface SmokeSplit {
  fileId: string;
  name: string;
  perDay: number;
}

/** The competition's smoke split while it is a visible dataset of the competition; null otherwise. */
export async function smokeSplitOf(db: Db, competitionId: string): Promise<SmokeSplit | null> {
  const row = await t(db)
    .selectFrom('smoke_splits as s')
    .innerJoin('competition_datasets as d', (join) =>
      join.onRef('d.competition_id', '=', 's.competition_id').onRef('d.file_id', '=', 's.file_id'),
    )
    .select(['s.file_id', 's.per_day', 'd.name', 'd.hidden'])
    .where('s.competition_id', '=', competitionId)
    .executeTakeFirst();
  if (!row || row.hidden || !row.file_id) return null;
  return { fileId: row.file_id, name: row.name, perDay: row.per_day };
}

/** The team's smoke runs of the day (their ledger entries of 0, reason `smoke`). */
export async function smokeRunsUsed(db: Db, competitionId: string, teamId: string, day: string) {
  const found = await sql<{ n: number }>`select count(*)::int as n from scoring.quota_ledger
    where competition_id = ${competitionId} and team_id = ${teamId} and quota_day = ${day}
      and reason = 'smoke'`.execute(db);
  return found.rows[0]!.n;
}

/**
 * Sets (or with `fileId` null, clears) the competition's smoke split and records scoring.SmokeSplitSet in the
 * same transaction. The file must be a visible dataset of the competition (40123).
 */
export async function setSmokeSplit(
  db: Db,
  store: EventStore,
  competitionId: string,
  request: { fileId: string | null; perDay?: number | undefined },
  metadata: EventMetadata,
) {
  const perDay = request.perDay ?? DEFAULT_SMOKE_RUNS_PER_DAY;
  return db.transaction().execute(async (trx) => {
    const known = await t(trx)
      .selectFrom('competitions')
      .select('competition_id')
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!known) throw scoringErrors.competitionUnknown();
    if (request.fileId !== null) {
      const file = await t(trx)
        .selectFrom('competition_datasets')
        .select('hidden')
        .where('competition_id', '=', competitionId)
        .where('file_id', '=', request.fileId)
        .executeTakeFirst();
      if (!file || file.hidden) throw scoringErrors.smokeSplitNotPublicDataset({ data: { field: 'fileId' } });
    }
    await sql`insert into scoring.smoke_splits (competition_id, file_id, per_day)
      values (${competitionId}, ${request.fileId}, ${perDay})
      on conflict (competition_id) do update set file_id = excluded.file_id, per_day = excluded.per_day`.execute(
      trx,
    );
    const data = { competitionId, fileId: request.fileId, perDay };
    await store.append(
      scoring.SmokeSplitSet.aggregate,
      `smoke-${competitionId}`,
      'any',
      [{ type: scoring.SmokeSplitSet.type, data }],
      metadata,
      { trx },
    );
    return data;
  });
}

/**
 * Checks a smoke run's result file without the ground truth (a smoke run never sees it): UTF-8, not empty,
 * the header `id,<target>`, then per line two fields, an id (each once) and a value. Returns its rows; throws
 * InvalidFile with the catalogue's refusal (the line and what is wrong) otherwise.
 */
export function checkSmokeResult(bytes: Uint8Array, target: string): { rows: number } {
  const lines = openLines(bytes);
  const expected = `id,${target}`;
  const header = text(bytes, lines.start, lines.end).trim();
  const fields = header === expected ? null : headerFields(bytes, lines.start, lines.end);
  if (header !== expected && (fields?.[0] !== 'id' || fields[1] !== target))
    throw new InvalidFile(refusal('headerMismatch', { line: 1, expected, found: header.slice(0, 80) }));
  const seen = new Set<string>();
  let rows = 0;
  while (lines.next()) {
    const line = lines.number;
    const problem = splitRow(bytes, lines.start, lines.end);
    if (problem !== ROW_OK) throw new InvalidFile(rowRefusal(problem, line, expected));
    const id = text(bytes, row.idStart, row.idEnd).trim();
    const value = text(bytes, row.valueStart, row.valueEnd).trim();
    if (!id) throw new InvalidFile(refusal('emptyId', { line }));
    if (!value) throw new InvalidFile(refusal('emptyValue', { line, column: target }));
    if (seen.has(id)) throw new InvalidFile(refusal('duplicateId', { line, id: id.slice(0, 80) }));
    seen.add(id);
    rows++;
  }
  return { rows };
}
