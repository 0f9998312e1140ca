import { useEffect, useRef } from 'react';
import { apiBase } from '../providers';

/**
 * Calls `onChange` whenever a leaderboard of the competition changes (the server-sent events of
 * /api/leaderboard/stream, docs/decisions/0004), and when the stream opens again after a break, since
 * changes may have been missed meanwhile. The browser reconnects by itself after the server's `retry`.
 */
export function useBoardStream(competitionId: string, onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  useEffect(() => {
    if (!competitionId || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(
      `${apiBase}/leaderboard/stream?${new URLSearchParams({ competitionId })}`,
      { withCredentials: true },
    );
    let opened = 0;
    source.addEventListener('ready', () => {
      opened += 1;
      if (opened > 1) latest.current();
    });
    source.addEventListener('changed', () => latest.current());
    return () => source.close();
  }, [competitionId]);
}
