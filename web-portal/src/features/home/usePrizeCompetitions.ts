import { type competition, prizeTrackOf } from '@sais/events';
import { useEffect, useState } from 'react';
import { api } from '../../app/api';
import type { Competition, Paged } from '../competitions/types';
import { type TrackKey } from './TrackCard';
import { prizeSeason } from './prize';

/** Each prize track's competition id (by its title), once the season's competitions are read; no notices. */
export function usePrizeCompetitions(): Partial<Record<TrackKey, string>> {
  const [ids, setIds] = useState<Partial<Record<TrackKey, string>>>({});
  useEffect(() => {
    let live = true;
    api
      .request<Paged<Competition>>('/race/list', {
        data: { season: prizeSeason, page: 1, pageSize: 20 } satisfies competition.requests.ListQuery,
        silent: true,
      })
      .then(
        ({ records }) => {
          const next: Partial<Record<TrackKey, string>> = {};
          for (const competition of records) {
            const track = prizeTrackOf(competition.title);
            if (track && !next[track.key]) next[track.key] = competition.competitionId;
          }
          if (live) setIds(next);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);
  return ids;
}
