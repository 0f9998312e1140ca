import type { identity } from '@sais/events';
import { api } from '../../app/api';

/** GET /notify/page (`identity.responses.inboxPage`). */
export type MessagePage = identity.responses.InboxPage;
/** A row of GET /notify/page. */
export type MessageSummary = MessagePage['records'][number];
/** GET /notify/detail (`identity.responses.inboxMessage`). */
export type MessageDetail = identity.responses.InboxMessage;

/**
 * The one unread count every counter shows (the avatar, the user menu, the inbox page; issue 35: the
 * avatar said 1 while the page said 2): the newest answer of any inbox call, whoever asked.
 */
let unreadCount = 0;
const unreadListeners = new Set<() => void>();

export function currentUnread(): number {
  return unreadCount;
}

export function onUnreadChange(listener: () => void): () => void {
  unreadListeners.add(listener);
  return () => unreadListeners.delete(listener);
}

function setUnread(count: number) {
  if (count === unreadCount) return;
  unreadCount = count;
  for (const listener of unreadListeners) listener();
}

/** `silent` for the counts that only decorate a page (the top bar's badge): no notice of their own. */
export async function fetchMessages(
  page: number,
  pageSize: number,
  { silent = false }: { silent?: boolean } = {},
) {
  const answer = await api.request<MessagePage>('/notify/page', {
    data: { page, pageSize } satisfies identity.requests.Paging,
    silent,
    allowSignedOut: silent,
  });
  setUnread(answer.unread);
  return answer;
}

const readListeners = new Set<() => void>();

/** Called after a message was opened (and so marked read); returns the unsubscribe function. */
export function onMessageRead(listener: () => void): () => void {
  readListeners.add(listener);
  return () => readListeners.delete(listener);
}

/** GET /notify/detail: opening a message marks it read. */
export async function fetchMessage(notifyId: string) {
  const detail = await api.request<MessageDetail>('/notify/detail', {
    data: { notifyId } satisfies identity.requests.NotifyQuery,
  });
  for (const listener of readListeners) listener();
  return detail;
}
