import { randomUUID } from 'node:crypto';
import { type EventMetadata, competition } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';

/**
 * Records a download: once per user, file and day (UTC) as a `FileDownloaded` event, every further one
 * only as a count in `competition.download_days`, so that Range requests of one byte each cannot grow
 * the event log (issue 18). The count and the bytes stay for operators and auditors.
 */
export async function recordDownload(
  db: Db,
  store: EventStore,
  download: { fileId: string; competitionId: string; accountId: string; range: string | null; bytes: number },
  metadata: EventMetadata,
): Promise<{ firstToday: boolean }> {
  return db.transaction().execute(async (trx) => {
    const counted = await sql<{ first_today: boolean }>`
      insert into competition.download_days (account_id, file_id, day, downloads, bytes, first_at, last_at)
      values (${download.accountId}, ${download.fileId}, (now() at time zone 'utc')::date, 1, ${download.bytes},
        now(), now())
      on conflict (account_id, file_id, day) do update
        set downloads = download_days.downloads + 1, bytes = download_days.bytes + excluded.bytes,
          last_at = excluded.last_at
      returning (xmax = 0) as first_today`.execute(trx);
    const firstToday = counted.rows[0]!.first_today;
    if (firstToday)
      await store.append(
        competition.FileDownloaded.aggregate,
        `download-${randomUUID()}`,
        'no_stream',
        [{ type: competition.FileDownloaded.type, data: download }],
        metadata,
        { trx },
      );
    return { firstToday };
  });
}
