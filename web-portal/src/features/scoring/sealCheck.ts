import { sealCanonicalForm, sealDigest } from '@sais/events';
import type { ScoringApi } from './scoringApi';
import type { LeaderboardRow } from './types';

const pageSize = 100;

/** Every row of a phase's published private leaderboard, page by page. */
async function privateRows(
  api: ScoringApi,
  competitionId: string,
  phase: string,
): Promise<{ rows: LeaderboardRow[]; columns: string[]; order: readonly string[] | undefined }> {
  const rows: LeaderboardRow[] = [];
  for (let page = 1; ; page += 1) {
    const board = await api.privateLeaderboard(competitionId, page, pageSize, phase);
    rows.push(...board.records);
    // A board with secondary metric columns is sealed in form v2 (decision 0046).
    const columns = (board.columns ?? []).map((column) => column.metric);
    // Its stated steps (an organiser-chosen order first, issue 37) are digested in form v2.
    if (board.records.length === 0 || rows.length >= board.total)
      return { rows, columns, order: board.order?.steps };
  }
}

/**
 * Rebuilds the canonical text of the published private leaderboard with the same functions the
 * server seals with (@sais/events) and answers its digest, to compare with the published one.
 */
export async function recomputeSeal(api: ScoringApi, competitionId: string, phase: string): Promise<string> {
  const { rows, columns, order } = await privateRows(api, competitionId, phase);
  const text = sealCanonicalForm({
    competitionId,
    phase,
    metric: rows[0]?.metric ?? '',
    rows: rows.map(({ rank, teamId, score, scores }) => ({ rank, teamId, score, scores })),
    columns,
    ...(order ? { order } : {}),
  });
  return sealDigest(text);
}
