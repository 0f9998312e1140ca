// Over 300 lines: the inbox's one projection, every notice it writes (reviews, teams, submissions, tokens) and the
// facts it keeps to write them (submitters, hidden phases, runs on hidden data, erased recipients).
import { createHash } from 'node:crypto';
import { type EventEnvelope, identity, scoring, team } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { dataOf, isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import { type Kysely, sql } from 'kysely';
import type { IdentityTables } from '../db/tables.ts';
import { type QueuedNotice, queueEmails } from '../email/queue.ts';

type Text = { 'zh-CN': string; en: string };

/** A stable message id per source event, so a replay rebuilds the same inbox. */
export function messageIdFor(eventId: string): string {
  const hex = createHash('sha256').update(`inbox:${eventId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const reviewOffice = 'Review Office';
const tokenNoticeSender = 'Account Security';
const inboxOf = (trx: Db) => trx.withSchema('identity') as Kysely<IdentityTables>;

/**
 * A person named in a notice: a mark the inbox fills in with the current username when the message is
 * read (`Inbox.detail`), so no name is copied into another person's inbox, and a deleted person reads
 * as a deleted user there (decision 0017).
 */
export const personMark = (accountId: string) => `{{account:${accountId}}}`;
export const personMarks = /\{\{account:([0-9a-f-]{36})\}\}/g;

/** Recipients whose personal data was deleted: their messages are gone, and none are added. */
async function erasedAmong(trx: Db, accountIds: readonly string[]): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await sql<{
    account_id: string;
  }>`select account_id::text as account_id from identity.inbox_erased
    where account_id = any(${[...new Set(accountIds)]}::uuid[])`.execute(trx);
  return new Set(rows.rows.map((row) => row.account_id));
}

/**
 * Submission notices go to the submitter, remembered per submission from SubmissionReceived (the same
 * stream, so it always comes first): the events' receipts, then their notices, a statement each.
 */
async function submissionNotices(trx: Db, events: readonly EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  const known = new Map<
    string,
    {
      recipient_id: string;
      file_name: string;
      hidden?: 'blind' | 'ladder' | null;
      /** Its container run had hidden datasets mounted (decision 0032). */
      hidden_data?: boolean;
      /** A smoke run (decision 0049): its notices give the format check, never a score. */
      smoke?: boolean;
    }
  >();
  const submitted = events
    .filter((event) => isEvent(scoring.SubmissionReceived, event))
    .map((event) => event.data);
  const erased = await erasedAmong(
    trx,
    submitted.map((data) => data.submitterId),
  );
  const receipts = submitted.filter((data) => !erased.has(data.submitterId));
  if (receipts.length > 0)
    await sql`insert into identity.inbox_submissions (submission_id, recipient_id, file_name, competition_id, phase, smoke)
      select * from unnest(${receipts.map((d) => d.submissionId)}::uuid[], ${receipts.map((d) => d.submitterId)}::uuid[],
        ${receipts.map((d) => d.fileName)}::text[], ${receipts.map((d) => d.competitionId)}::uuid[],
        ${receipts.map((d) => d.phase)}::text[], ${receipts.map((d) => d.smoke === true)}::boolean[])
      on conflict do nothing`.execute(trx);
  const others = events
    .filter((event) => isEvent(scoring.submissionEvents, event))
    .filter((event) => event.type !== scoring.SubmissionReceived.type);
  // Runs that had hidden datasets mounted (decision 0032): remembered before their verdicts' notices.
  const onHiddenData = others
    .filter((event) => isEvent(scoring.ContainerRunProgressed, event) && event.data.hiddenData === true)
    .map((event) => event.data.submissionId);
  if (onHiddenData.length > 0)
    await sql`update identity.inbox_submissions set hidden_data = true
      where submission_id = any(${[...new Set(onHiddenData)]}::uuid[])`.execute(trx);
  // Read back (receipts of this batch too): whether the phase hides public scores (decision 0045).
  const unknown = [...new Set(others.map((event) => event.data.submissionId))].filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const rows = await sql<{
      submission_id: string;
      recipient_id: string;
      file_name: string;
      hidden: 'blind' | 'ladder' | null;
      hidden_data: boolean;
      smoke: boolean;
    }>`
      select s.submission_id, s.recipient_id, s.file_name, h.hidden, s.hidden_data, s.smoke from identity.inbox_submissions s
      left join identity.inbox_hidden_phases h on h.competition_id = s.competition_id and h.phase = s.phase
      where s.submission_id = any(${unknown}::uuid[])`.execute(trx);
    for (const row of rows.rows) known.set(row.submission_id, row);
  }
  const messages = others.flatMap((event) => {
    const data = event.data;
    const submission = known.get(data.submissionId);
    const notice =
      submission &&
      scoring.scoringNotice(
        event.type,
        // A run on hidden data: no value its verdict quoted from the run's result (decision 0032).
        submission.hidden_data ? scoring.withoutRunBytes(data) : data,
        submission.file_name,
        submission.hidden,
        submission.smoke === true,
      );
    return notice
      ? [
          {
            message_id: messageIdFor(event.id),
            recipient_id: submission.recipient_id,
            sender: scoring.scoringNoticeSender,
            title: notice.title,
            body: notice.body,
            sent_at: new Date(event.occurredAt),
          },
        ]
      : [];
  });
  if (messages.length > 0) {
    await inboxOf(trx)
      .insertInto('inbox')
      .values(messages)
      .onConflict((oc) => oc.column('message_id').doNothing())
      .execute();
    // The same messages by email, for those who asked (decision 0023), in this transaction.
    await queueEmails(
      trx,
      messages.map((message) => ({
        messageId: message.message_id,
        recipientId: message.recipient_id,
        category: 'scoring' as const,
        occurredAt: message.sent_at.toISOString(),
      })),
    );
  }
}

/**
 * The message inbox (`/notify/*`): review decisions and team notices (texts kept beside the team
 * events) and submission notices (texts beside the scoring events). Read marks are events too, so a replay keeps them.
 */
export const inboxProjection = defineProjection({
  name: 'identity.inbox',
  schema: 'identity',
  tables: ['inbox', 'inbox_submissions', 'inbox_erased', 'inbox_hidden_phases'],
  streamTypes: [
    identity.IdentityVerificationApproved.aggregate,
    identity.MessageRead.aggregate,
    identity.AccountDeleted.aggregate,
    identity.TokenCreated.aggregate,
    team.TeamCreated.aggregate,
    scoring.SubmissionReceived.aggregate,
    scoring.BoardOptionsSet.aggregate,
  ],
  /**
   * A batch in order, with the scoring events' notices set-based (the pipeline's bulk): their receipts in
   * one insert, the submitters in one read, the notices in one insert. Anything else goes one by one.
   */
  async applyBatch(trx, events) {
    let pending: EventEnvelope[] = [];
    for (const event of events) {
      if (event.streamType === scoring.SubmissionReceived.aggregate) {
        pending.push(event);
        continue;
      }
      await submissionNotices(trx, pending);
      pending = [];
      await inboxProjection.apply(trx, event);
    }
    await submissionNotices(trx, pending);
  },
  async apply(trx, event) {
    const insert = async (
      recipientId: string,
      title: Text,
      body: Text,
      sender = reviewOffice,
      messageId = messageIdFor(event.id),
      // Emailed too to those who asked for this kind (decision 0023); null: never emailed.
      category: QueuedNotice['category'] | null = 'verification',
    ) => {
      await sql`insert into identity.inbox (message_id, recipient_id, sender, title, body, sent_at)
        select ${messageId}::uuid, ${recipientId}::uuid, ${sender}::text, ${JSON.stringify(title)}::jsonb, ${JSON.stringify(body)}::jsonb,
          ${event.occurredAt}::timestamptz
        where not exists (select 1 from identity.inbox_erased where account_id = ${recipientId})
        on conflict (message_id) do nothing`.execute(trx);
      if (category)
        await queueEmails(trx, [{ messageId, recipientId, category, occurredAt: event.occurredAt }]);
    };
    if (isEvent(team.teamEvents, event)) {
      // One event may notify several people (a disbanded team): each message gets its own stable id.
      const notices = await team.teamNotices(event.type, event.data, async (accountId) =>
        personMark(accountId),
      );
      for (const notice of notices) {
        await insert(
          notice.recipientId,
          notice.title,
          notice.body,
          team.teamNoticeSender,
          messageIdFor(`${event.id}:${notice.recipientId}`),
          'teams',
        );
      }
      return;
    }
    if (event.streamType === scoring.SubmissionReceived.aggregate) {
      await submissionNotices(trx, [event]);
      return;
    }
    switch (event.type) {
      case identity.IdentityVerificationApproved.type: {
        const data = dataOf(identity.IdentityVerificationApproved, event);
        await insert(
          data.accountId,
          { en: 'Verification Pass', 'zh-CN': '认证通过' },
          {
            en: 'Your real-name verification was approved. You can now sign up for competitions.',
            'zh-CN': '您的实名认证已通过审核，现在可以报名参加比赛。',
          },
        );
        return;
      }
      case identity.IdentityVerificationRejected.type: {
        const data = dataOf(identity.IdentityVerificationRejected, event);
        await insert(
          data.accountId,
          { en: 'Verification Failed', 'zh-CN': '认证未通过' },
          {
            en: `Your real-name verification was not approved: ${data.reason}. Please submit it again.`,
            'zh-CN': `您的实名认证未通过审核：${data.reason}。请重新提交。`,
          },
        );
        return;
      }
      // The holder hears of every token made or revoked on their account (decision 0019).
      case identity.TokenCreated.type: {
        const data = dataOf(identity.TokenCreated, event);
        const day = data.expiresAt.slice(0, 10);
        await insert(
          data.accountId,
          { en: 'Access token created', 'zh-CN': '已创建访问令牌' },
          {
            en: `A personal access token “${data.name}” (${data.scopes.join(', ')}) was created for your account; it expires on ${day}. If this was not you, revoke it on your user page and change your password.`,
            'zh-CN': `您的账号创建了个人访问令牌“${data.name}”（${data.scopes.join('、')}），有效期至 ${day}。如非本人操作，请在个人页面撤销该令牌并修改密码。`,
          },
          tokenNoticeSender,
          undefined,
          null,
        );
        return;
      }
      case identity.TokenRevoked.type: {
        const data = dataOf(identity.TokenRevoked, event);
        // A password change or reset takes every token with it (issue 33): the message says so.
        const why =
          data.reason === 'password-changed' || data.reason === 'password-reset'
            ? {
                en: ` because your password was ${data.reason === 'password-reset' ? 'reset' : 'changed'} (every access token goes with the old password); create a new one on your user page if you still need it`,
                'zh-CN': `，因为您的密码已${data.reason === 'password-reset' ? '重置' : '修改'}（旧密码下创建的访问令牌全部失效）；如仍需使用，请在个人页面重新创建`,
              }
            : { en: '', 'zh-CN': '' };
        await insert(
          data.accountId,
          { en: 'Access token revoked', 'zh-CN': '已撤销访问令牌' },
          {
            en: `The personal access token “${data.name}” of your account was revoked${why.en}; calls made with it are refused from now on.`,
            'zh-CN': `您账号的个人访问令牌“${data.name}”已被撤销${why['zh-CN']}，此后使用该令牌的请求将被拒绝。`,
          },
          tokenNoticeSender,
          undefined,
          null,
        );
        return;
      }
      case identity.AccountDeleted.type: {
        // Order-free: whatever arrives later for this person is not kept either (`inbox_erased`).
        const { accountId } = dataOf(identity.AccountDeleted, event);
        await sql`insert into identity.inbox_erased (account_id) values (${accountId}) on conflict do nothing`.execute(
          trx,
        );
        await inboxOf(trx).deleteFrom('inbox').where('recipient_id', '=', accountId).execute();
        await sql`delete from identity.inbox_submissions where recipient_id = ${accountId}`.execute(trx);
        // Nor emailed (decision 0023): the choice goes, what waits is given up (idempotent on a replay).
        await sql`delete from identity.email_notice_settings where account_id = ${accountId}`.execute(trx);
        await sql`update identity.email_outbox set dropped = 'erased'
          where recipient_id = ${accountId} and sent_at is null and dropped is null`.execute(trx);
        return;
      }
      case scoring.BoardOptionsSet.type: {
        // The phases whose notices carry no public score (decision 0045).
        const data = dataOf(scoring.BoardOptionsSet, event);
        const hidden = data.blind ? 'blind' : data.ladderStep !== null ? 'ladder' : null;
        await sql`delete from identity.inbox_hidden_phases
          where competition_id = ${data.competitionId} and phase = ${data.phase}`.execute(trx);
        if (hidden)
          await sql`insert into identity.inbox_hidden_phases (competition_id, phase, hidden)
            values (${data.competitionId}, ${data.phase}, ${hidden})`.execute(trx);
        return;
      }
      case identity.MessageRead.type: {
        const data = dataOf(identity.MessageRead, event);
        await inboxOf(trx)
          .updateTable('inbox')
          .set({ read_at: new Date(event.occurredAt) })
          .where('message_id', '=', data.messageId)
          .where('recipient_id', '=', data.recipientId)
          .where('read_at', 'is', null)
          .execute();
        return;
      }
    }
  },
  async reset(trx) {
    await inboxOf(trx).deleteFrom('inbox').execute();
    await sql`delete from identity.inbox_submissions`.execute(trx);
    await sql`delete from identity.inbox_erased`.execute(trx);
    await sql`delete from identity.inbox_hidden_phases`.execute(trx);
  },
});
