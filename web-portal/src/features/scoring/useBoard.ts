import { useEffect, useState } from 'react';
import { ApiError } from '../../api/ApiError';
import { privateLeaderboardHiddenCode } from './scoringApi';
import type { LeaderboardPage } from './types';

/** A board page: loading (null), hidden (the private board before it is published), failed, or its rows. */
export type BoardState<T extends LeaderboardPage> = T | null | 'hidden' | 'failed';

/**
 * Reads page `page` of a board with `fetchPage`, again whenever `version` moves (a `changed`
 * event of the stream). Other failures were told by the API client.
 */
export function useBoard<T extends LeaderboardPage>(
  fetchPage: ((page: number) => Promise<T>) | null,
  page: number,
  version: number,
): BoardState<T> {
  const [board, setBoard] = useState<BoardState<T>>(null);
  useEffect(() => {
    if (!fetchPage) return undefined;
    let live = true;
    fetchPage(page).then(
      (next) => live && setBoard(next),
      (error: unknown) => {
        if (!live) return;
        const hidden = error instanceof ApiError && error.code === privateLeaderboardHiddenCode;
        setBoard(hidden ? 'hidden' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [fetchPage, page, version]);
  return board;
}
