import { boardOrderText, scoring } from '@sais/events';
import { UsageError } from '../api.ts';
import type { Context } from '../output.ts';
import { emit, table } from '../output.ts';

/** A leaderboard row (the routes' response schema, `@sais/events`). */
export type BoardRow = scoring.responses.BoardRow;

/** A CSV field, quoted when it must be (RFC 4180). */
const field = (value: unknown) => {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

export const csvHeader = [
  'rank',
  'team',
  'teamId',
  'participants',
  'organization',
  'score',
  'submittedAt',
  'entries',
  'lastEntryAt',
  'ladderStep',
  'baseline',
  'description',
];

/** The header with a `score:<metric>` column per secondary metric after `score` (decision 0046). */
const headerOf = (columns: readonly string[]) =>
  csvHeader.flatMap((name) => (name === 'score' ? [name, ...columns.map((c) => `score:${c}`)] : [name]));

/** The row's fields with its secondary scores after the score (the 6th field); empty where it has none. */
const withScores = (
  fields: unknown[],
  columns: readonly string[],
  scores?: Record<string, number> | null,
) => [...fields.slice(0, 6), ...columns.map((c) => scores?.[c] ?? ''), ...fields.slice(6)];

/**
 * `ladderStep`: the Ladder's step when it is on (decision 0045), on every row; empty when off.
 * Baselines (decision 0050) are rows in their place, marked `baseline` true, with no rank: their name
 * in `team`, their id in `teamId`, the time they were added in `submittedAt`. `columns`: the board's
 * secondary metrics (decision 0046), a `score:<metric>` column each after `score`; none, the header of before.
 */
export function boardCsv(
  rows: BoardRow[],
  ladderStep: number | null = null,
  baselines: scoring.BaselineRow[] = [],
  columns: readonly string[] = [],
): string {
  const lines = scoring
    .withBaselines(rows, baselines)
    .map((r) =>
      ('baseline' in r
        ? withScores(
            ['', r.name, r.baselineId, '', '', r.score, r.addedAt, '', '', '', true, r.description],
            columns,
            r.scores,
          )
        : withScores(
            [
              r.rank,
              r.teamName ?? r.participants.join(' '),
              r.teamId,
              r.participants.join(';'),
              r.organization,
              r.score,
              r.submittedAt,
              r.entries,
              r.lastEntryAt,
              ladderStep,
              '',
              '',
            ],
            columns,
            r.scores,
          )
      )
        .map(field)
        .join(','),
    );
  return [headerOf(columns).join(','), ...lines].join('\n');
}

/**
 * `sais leaderboard <competition> [--private] [--phase p] [--csv] [--as-of time]`: every page of the
 * board; with `--as-of`, the board as it was then (the platform rounds the time down to the minute).
 */
export async function leaderboard(
  context: Context,
  competitionId: string,
  options: { private?: boolean; phase?: string; csv?: boolean; asOf?: string },
) {
  const path = options.private ? '/api/leaderboard/private' : '/api/leaderboard/public';
  // Any time Date reads (a zone-less one is the local time), sent as ISO 8601 in UTC.
  const asked = options.asOf === undefined ? undefined : new Date(options.asOf);
  if (asked && Number.isNaN(asked.getTime()))
    throw new UsageError(context.t('asOfInvalid', { time: options.asOf! }));
  const rows: BoardRow[] = [];
  const baselines: scoring.BaselineRow[] = [];
  let phase: string | null = null;
  let asOf: string | undefined;
  let order: scoring.responses.LeaderboardPage['order'] | undefined;
  let ladderStep: number | null = null;
  let columns: { metric: string; higherIsBetter: boolean }[] = [];
  for (let page = 1; ; page++) {
    const answer = await context.api.get<scoring.responses.LeaderboardPage>(path, {
      competitionId,
      phase: options.phase,
      page,
      pageSize: 100,
      // Later pages ask for the time the first answer is as of (the same cached ranking).
      asOf: asOf ?? asked?.toISOString(),
    } satisfies scoring.requests.PublicBoardQuery & scoring.requests.PrivateBoardQuery);
    phase = answer.phase;
    asOf = answer.asOf;
    order = answer.order;
    // Secondary metric columns (decision 0046); absent from boards without (and older servers).
    columns = answer.columns ?? [];
    // The Ladder applies to the public board only (decision 0045).
    ladderStep = options.private ? null : (answer.options?.ladderStep ?? null);
    rows.push(...answer.records);
    // Each baseline is on the page of its place (decision 0050); older servers send none.
    baselines.push(...(answer.baselines ?? []));
    if (rows.length >= answer.total || answer.records.length === 0) break;
  }
  if (options.csv) {
    context.out(
      boardCsv(
        rows,
        ladderStep,
        baselines,
        columns.map((c) => c.metric),
      ),
    );
    return;
  }
  emit(
    context,
    {
      phase,
      ...(asOf ? { asOf } : {}),
      ...(order ? { order } : {}),
      ...(columns.length > 0 ? { columns } : {}),
      records: rows,
      baselines,
    },
    () =>
      rows.length === 0 && baselines.length === 0
        ? context.t('noRows')
        : `${context.f('phase')}: ${phase}\n` +
          (asOf ? `${context.t('asOf', { time: asOf })}\n` : '') +
          // The board's order in words, as the portal shows it beside the board (decision 0029): its
          // stated steps, an organiser-chosen order first (issue 37).
          (order ? `${boardOrderText(context.language, order.higherIsBetter, columns, order.steps)}\n` : '') +
          (ladderStep !== null ? `${scoring.ladderText(context.language, ladderStep)}\n` : '') +
          table(
            [
              context.f('rank'),
              context.f('score'),
              // A column per secondary metric, named by it (decision 0046).
              ...columns.map((c) => c.metric),
              ...(['team', 'participants', 'submitted', 'entries', 'lastEntry'] as const).map(context.f),
            ],
            // Baselines in their place, marked, with no rank (decision 0050): the description beside the name.
            scoring
              .withBaselines(rows, baselines)
              .map((r) =>
                'baseline' in r
                  ? [
                      `[${scoring.baselineLabel[context.language]}]`,
                      r.score,
                      ...columns.map((c) => r.scores?.[c.metric] ?? '-'),
                      r.name,
                      r.description || '-',
                      r.addedAt,
                      '',
                      '',
                    ]
                  : [
                      r.rank,
                      r.score,
                      ...columns.map((c) => r.scores?.[c.metric] ?? '-'),
                      r.teamName ?? '-',
                      r.participants.join(', '),
                      r.submittedAt,
                      r.entries,
                      r.lastEntryAt,
                    ],
              ),
          ),
  );
}
