import { useEffect, useState } from 'react';
import { fetchMessages, onMessageRead } from './messagesApi';

/** How many messages are unread, asked again whenever `key` changes (e.g. the current path). */
export function useUnreadCount(key: unknown): number {
  const [unread, setUnread] = useState(0);
  const [reads, setReads] = useState(0);
  useEffect(() => onMessageRead(() => setReads((n) => n + 1)), []);
  useEffect(() => {
    let live = true;
    fetchMessages(1, 1).then(
      (page) => live && setUnread(page.unread),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key, reads]);
  return unread;
}
