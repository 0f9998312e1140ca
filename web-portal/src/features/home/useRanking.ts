import type { competition } from '@sais/events';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { api } from '../../app/api';
import type { Competition, Paged } from '../competitions/types';
import { createScoringApi } from '../scoring/scoringApi';
import type { LeaderboardRow } from '../scoring/types';
import { prizeSeason } from './prize';

export interface TrackRanking {
  competition: Competition;
  leaders: LeaderboardRow[];
}

const leadersShown = 5;

/** Loads the prize's tracks and the first rows of each one's public leaderboard (no notices). */
export async function loadRanking(client: ApiClient): Promise<TrackRanking[]> {
  const { records } = await client.request<Paged<Competition>>('/race/list', {
    data: { season: prizeSeason, page: 1, pageSize: 20 } satisfies competition.requests.ListQuery,
    silent: true,
  });
  const scoring = createScoringApi(client);
  return Promise.all(
    records.map(async (competition) => {
      const board = await scoring.leaderboard(competition.competitionId, 1, leadersShown, { silent: true });
      return { competition, leaders: board.records };
    }),
  );
}

export type RankingState = TrackRanking[] | null | 'failed';

/** The ranking list: null while loading, 'failed' when it could not be read. */
export function useRanking(client: ApiClient = api): RankingState {
  const [ranking, setRanking] = useState<RankingState>(null);
  useEffect(() => {
    let live = true;
    loadRanking(client).then(
      (next) => live && setRanking(next),
      () => live && setRanking('failed'),
    );
    return () => {
      live = false;
    };
  }, [client]);
  return ranking;
}
