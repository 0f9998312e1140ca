import { useEffect, useState } from 'react';
import { fetchMessages, onMessageRead } from './messagesApi';

/**
 * How many messages are unread, asked again whenever `key` changes (e.g. the current path), after a
 * message is read, and every `everyMs` when given (new messages arrive without a page change).
 */
export function useUnreadCount(key: unknown, everyMs?: number): number {
  const [unread, setUnread] = useState(0);
  const [reads, setReads] = useState(0);
  useEffect(() => onMessageRead(() => setReads((n) => n + 1)), []);
  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(() => setReads((n) => n + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  useEffect(() => {
    let live = true;
    fetchMessages(1, 1, { silent: true }).then(
      (page) => live && setUnread(page.unread),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key, reads]);
  return unread;
}
