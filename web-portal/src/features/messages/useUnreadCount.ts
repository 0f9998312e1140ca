import { useEffect, useState, useSyncExternalStore } from 'react';
import { currentUnread, fetchMessages, onMessageRead, onUnreadChange } from './messagesApi';

/**
 * How many messages are unread: one count for every counter on the page (the newest answer of any inbox
 * call, see `messagesApi`), asked again whenever `key` changes (e.g. the current path), after a message
 * is read, and every `everyMs` when given (new messages arrive without a page change).
 */
export function useUnreadCount(key: unknown, everyMs?: number): number {
  const unread = useSyncExternalStore(onUnreadChange, currentUnread);
  const [reads, setReads] = useState(0);
  useEffect(() => onMessageRead(() => setReads((n) => n + 1)), []);
  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(() => setReads((n) => n + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  useEffect(() => {
    fetchMessages(1, 1, { silent: true }).catch(() => undefined);
  }, [key, reads]);
  return unread;
}
