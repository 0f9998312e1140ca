import type { scoring } from '@sais/events';
import { useEffect, useRef, useState } from 'react';

/**
 * Subscribes to the server-sent events of /api/leaderboard/stream (docs/decisions/0004) and calls
 * `onChange` on every `changed` event. Answers whether the stream is open; the browser reconnects
 * by itself after the server's `retry`. Without EventSource (tests in jsdom) it stays closed.
 */
export function useLeaderboardStream(
  competitionId: string | undefined,
  onChange: () => void,
  baseUrl = '/api',
): boolean {
  const [open, setOpen] = useState(false);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  useEffect(() => {
    if (!competitionId || typeof EventSource === 'undefined') return undefined;
    const query = new URLSearchParams({ competitionId } satisfies scoring.requests.CompetitionQuery);
    const source = new EventSource(`${baseUrl}/leaderboard/stream?${query}`, { withCredentials: true });
    source.addEventListener('ready', () => setOpen(true));
    source.addEventListener('changed', () => latest.current());
    source.addEventListener('error', () => setOpen(source.readyState === EventSource.OPEN));
    return () => {
      source.close();
      setOpen(false);
    };
  }, [competitionId, baseUrl]);
  return open;
}
