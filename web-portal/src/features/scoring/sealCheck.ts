import { sealCanonicalForm, sealDigest } from '@sais/events';
import type { ScoringApi } from './scoringApi';
import type { LeaderboardRow } from './types';

const pageSize = 100;

/** Every row of a phase's published private leaderboard, page by page. */
async function privateRows(api: ScoringApi, competitionId: string, phase: string): Promise<LeaderboardRow[]> {
  const rows: LeaderboardRow[] = [];
  for (let page = 1; ; page += 1) {
    const board = await api.privateLeaderboard(competitionId, page, pageSize, phase);
    rows.push(...board.records);
    if (board.records.length === 0 || rows.length >= board.total) return rows;
  }
}

/**
 * Rebuilds the canonical text of the published private leaderboard with the same functions the
 * server seals with (@sais/events) and answers its digest, to compare with the published one.
 */
export async function recomputeSeal(api: ScoringApi, competitionId: string, phase: string): Promise<string> {
  const rows = await privateRows(api, competitionId, phase);
  const text = sealCanonicalForm({
    competitionId,
    phase,
    metric: rows[0]?.metric ?? '',
    rows: rows.map(({ rank, teamId, score }) => ({ rank, teamId, score })),
  });
  return sealDigest(text);
}
