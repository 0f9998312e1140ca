import { useEffect, useState } from 'react';
import { ApiError } from '../../api/ApiError';
import { privateLeaderboardHiddenCode, publicBoardBlindCode } from './scoringApi';
import type { LeaderboardPage } from './types';

/**
 * A board page: loading (null), hidden (the private board before it is published), blind (a blind
 * phase's public board, decision 0045), failed, or its rows.
 */
export type BoardState<T extends LeaderboardPage> = T | null | 'hidden' | 'blind' | 'failed';

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
        const code = error instanceof ApiError ? error.code : null;
        setBoard(
          code === privateLeaderboardHiddenCode
            ? 'hidden'
            : code === publicBoardBlindCode
              ? 'blind'
              : 'failed',
        );
      },
    );
    return () => {
      live = false;
    };
  }, [fetchPage, page, version]);
  return board;
}
