import { type EventMetadata, type Language, identity, senderName, translate } from '@sais/events';
import { NotFoundError } from '@sais/kit/errors';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import type { Kysely } from 'kysely';
import type { IdentityTables } from '../db/tables.ts';
import { personMarks } from './projection.ts';

/** Reads of the inbox read model, and read marks recorded as events. */
export class Inbox {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  #t() {
    return this.db.withSchema('identity') as Kysely<IdentityTables>;
  }

  async page(recipientId: string, page: number, pageSize: number, language: Language) {
    // One snapshot for the page and its counts, so a message arriving in between cannot split them.
    const [rows, counts] = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const mine = (trx.withSchema('identity') as Kysely<IdentityTables>)
          .selectFrom('inbox')
          .where('recipient_id', '=', recipientId);
        const list = await mine
          .selectAll()
          .orderBy('sent_at', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute();
        const totals = await mine
          .select((eb) => [
            eb.fn.countAll<number>().as('total'),
            eb.fn.count<number>('message_id').filterWhere('read_at', 'is', null).as('unread'),
          ])
          .executeTakeFirstOrThrow();
        return [list, totals] as const;
      });
    return {
      total: Number(counts.total),
      unread: Number(counts.unread),
      page,
      pageSize,
      records: rows.map((row) => ({
        notifyId: row.message_id,
        sender: senderName(row.sender, language),
        title: row.title[language],
        sendTime: new Date(row.sent_at).toISOString(),
        read: row.read_at !== null,
      })),
    };
  }

  /** One message; opening it marks it read (at once in the read model, and as an event for replays). */
  async detail(recipientId: string, messageId: string, language: Language, metadata: EventMetadata) {
    const row = await this.#t()
      .selectFrom('inbox')
      .selectAll()
      .where('message_id', '=', messageId)
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    if (!row.read_at) {
      await this.db.transaction().execute(async (trx) => {
        // The event first: the row takes the event's own time, so the live row is what a replay makes
        // of it (it took a clock reading of its own, a few ms earlier: a false read-model alarm, issue 35).
        const [read] = await this.store.append(
          identity.MessageRead.aggregate,
          `inbox-${recipientId}`,
          'any',
          [{ type: identity.MessageRead.type, data: { messageId, recipientId } }],
          metadata,
          { trx },
        );
        await (trx.withSchema('identity') as Kysely<IdentityTables>)
          .updateTable('inbox')
          .set({ read_at: new Date(read!.occurredAt) })
          .where('message_id', '=', messageId)
          .execute();
      });
    }
    return {
      notifyId: row.message_id,
      sender: senderName(row.sender, language),
      title: row.title[language],
      content: await namePeople(this.db, row.body[language], language),
      sendTime: new Date(row.sent_at).toISOString(),
    };
  }
}

/** Fills in the people a message names with their usernames now; a deleted person is a deleted user. */
export async function namePeople(db: Db, text: string, language: Language): Promise<string> {
  const ids = [...new Set([...text.matchAll(personMarks)].map((match) => match[1]!))];
  if (ids.length === 0) return text;
  const rows = await (db.withSchema('identity') as Kysely<IdentityTables>)
    .selectFrom('account_keys')
    .select(['account_id', 'value'])
    .where('kind', '=', 'username')
    .where('account_id', 'in', ids)
    .execute();
  const names = new Map(rows.map((row) => [row.account_id, row.value]));
  return text.replace(
    personMarks,
    (_mark, id: string) => names.get(id) ?? translate('deletedUser', language),
  );
}
