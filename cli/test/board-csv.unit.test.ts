/**
 * `sais leaderboard --csv` with secondary metrics (decision 0046) and baselines (decision 0050): a
 * baseline's row carries its own secondary scores in the metric columns, empty where it has none (one
 * added before its ground truth named secondary metrics).
 */
import { describe, expect, it } from 'vitest';
import { boardCsv } from '../src/commands/leaderboard.ts';

const team = {
  rank: 1,
  teamId: 't-1',
  teamName: 'Owls',
  participants: ['ada'],
  organization: null,
  score: 1,
  scores: { rmse: 1.5 },
  metric: 'mae',
  submittedAt: '2026-11-22T06:03:00.000Z',
  entries: 2,
  lastEntryAt: '2026-11-22T07:03:00.000Z',
};
const baseline = (name: string, score: number, scores?: Record<string, number>) => ({
  baseline: true as const,
  baselineId: `b-${name}`,
  name,
  description: 'the mean',
  score,
  ...(scores ? { scores } : {}),
  metric: 'mae',
  addedAt: '2026-11-22T06:00:00.000Z',
  teamsAhead: 1,
});

describe('the board as CSV', () => {
  it('puts a baseline’s secondary scores in the metric columns, and nothing where it has none', () => {
    const csv = boardCsv(
      [team] as Parameters<typeof boardCsv>[0],
      null,
      [baseline('Mean', 2, { rmse: 2.5 }), baseline('Old', 3)],
      ['rmse'],
    ).split('\n');
    expect(csv[0]).toBe(
      'rank,team,teamId,participants,organization,score,score:rmse,submittedAt,entries,lastEntryAt,ladderStep,baseline,description',
    );
    expect(csv.slice(1)).toEqual([
      '1,Owls,t-1,ada,,1,1.5,2026-11-22T06:03:00.000Z,2,2026-11-22T07:03:00.000Z,,,',
      ',Mean,b-Mean,,,2,2.5,2026-11-22T06:00:00.000Z,,,,true,the mean',
      ',Old,b-Old,,,3,,2026-11-22T06:00:00.000Z,,,,true,the mean',
    ]);
  });
});
