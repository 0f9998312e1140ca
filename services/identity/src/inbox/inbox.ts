import { type EventMetadata, type Language, identity, senderName, translate } from '@sais/events';
import { ConcurrencyError, NotFoundError } from '@sais/kit/errors';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { IdentityTables } from '../db/tables.ts';
import { personMarks } from './projection.ts';

/** Opens of one message that lost the race for the inbox stream's next version, tried again. */
const markReadTries = 8;

/** Reads of the inbox read model, and read marks recorded as events. */
export class Inbox {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  #t() {
    return this.db.withSchema('identity') as Kysely<IdentityTables>;
  }

  async #markRead(recipientId: string, messageId: string, metadata: EventMetadata) {
    await this.db.transaction().execute(async (trx) => {
      const inbox = trx.withSchema('identity') as Kysely<IdentityTables>;
      const locked = await inbox
        .selectFrom('inbox')
        .select('read_at')
        .where('message_id', '=', messageId)
        .forUpdate()
        .executeTakeFirst();
      if (!locked || locked.read_at) return;
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
      await inbox
        .updateTable('inbox')
        .set({ read_at: new Date(read!.occurredAt) })
        .where('message_id', '=', messageId)
        .execute();
    });
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

  /**
   * One message; opening it marks it read (at once in the read model, and as an event for replays).
   * Several opened at once (two tabs; a client fetching messages side by side) take turns: the row is
   * locked, so a message opened twice is read once, and an open that lost the race for the inbox stream's
   * next version to another message's is tried again, so every open answers its message.
   */
  async detail(recipientId: string, messageId: string, language: Language, metadata: EventMetadata) {
    const row = await this.#t()
      .selectFrom('inbox')
      .selectAll()
      .where('message_id', '=', messageId)
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    for (let attempt = 1; !row.read_at; attempt++) {
      try {
        await this.#markRead(recipientId, messageId, metadata);
        break;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= markReadTries) throw error;
        // A moment apart, so the opens that lost do not all meet again at the next version.
        await delay(Math.random() * 10 * attempt);
      }
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
