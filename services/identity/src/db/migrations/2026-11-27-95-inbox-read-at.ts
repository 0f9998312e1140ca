import { type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db) {
    // Issue 35: opening a message wrote `read_at` from a clock reading taken a few ms before its
    // `MessageRead` event's own time, so the read-model check saw every read message as changed. The
    // row now takes the event's time; rows written before take it here. Only differences under a second
    // (the two readings of one request): anything further apart stays, for the check to report.
    await sql`
      update identity.inbox i set read_at = e.first_read
      from (
        select (data->>'messageId')::uuid as message_id, min(occurred_at) as first_read
        from identity.events where type = 'identity.MessageRead' group by 1
      ) e
      where i.message_id = e.message_id and i.read_at is not null and i.read_at <> e.first_read
        and abs(extract(epoch from (i.read_at - e.first_read))) < 1`.execute(db);
  },
};
