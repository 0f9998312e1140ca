import type { identity } from '@sais/events';
import { api } from '../../app/api';

/** A row of GET /notify/page (services/identity/src/inbox/inbox.ts). */
export interface MessageSummary {
  notifyId: string;
  sender: string;
  title: string;
  sendTime: string;
  read: boolean;
}

export interface MessagePage {
  total: number;
  unread: number;
  page: number;
  pageSize: number;
  records: MessageSummary[];
}

export interface MessageDetail {
  notifyId: string;
  sender: string;
  title: string;
  content: string;
  sendTime: string;
}

/** `silent` for the counts that only decorate a page (the top bar's badge): no notice of their own. */
export function fetchMessages(page: number, pageSize: number, { silent = false }: { silent?: boolean } = {}) {
  return api.request<MessagePage>('/notify/page', {
    data: { page, pageSize } satisfies identity.requests.Paging,
    silent,
    allowSignedOut: silent,
  });
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
