import { useEffect, useState } from 'react';
import { type CompetitionContent, type CompetitionMetric, fetchContent, fetchMetric } from './contentApi';

/** What a load gave: its value, or `failed` (the call's notice already told the reader why). */
type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T> & { key?: string }>({ status: 'loading' });
  useEffect(() => {
    if (!key) return undefined;
    let live = true;
    load().then(
      (value) => live && setLoaded({ status: 'ready', value, key }),
      () => live && setLoaded({ status: 'failed', key }),
    );
    return () => {
      live = false;
    };
    // `key` names what `load` loads: a new key, a new load.
  }, [key]);
  return loaded.key === key ? loaded : { status: 'loading' };
}

/** The operators' sections of the competition page (GET /race/content). */
export function useContent(competitionId: string): Loaded<CompetitionContent> {
  return useLoad(() => fetchContent(competitionId), competitionId);
}

/** The competition's metric and split (GET /leaderboard/metric); null before its ground truth is set. */
export function useMetric(competitionId: string): Loaded<CompetitionMetric | null> {
  return useLoad(() => fetchMetric(competitionId), competitionId);
}
