import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { scoring } from '@sais/events';
import { ZonedTime } from '../../forms/ZonedTime';
import { formatScore } from './formatScore';
import type { LeaderboardRow, PrivateBoardRow } from './types';

/** A row's move from its public to its private rank: ▲ climbed, ▼ fell (decision 0029). */
function Change({ change }: { change: number | null }) {
  const { t } = useTranslation();
  if (change === null) return <>-</>;
  const [mark, color, label] =
    change > 0
      ? ['▲', 'success.main', t('scoring.movedUp', { count: change })]
      : change < 0
        ? ['▼', 'error.main', t('scoring.movedDown', { count: -change })]
        : ['–', 'text.secondary', t('scoring.unmoved')];
  return (
    <Typography component="span" variant="body2" sx={{ color }} aria-label={label} title={label}>
      {mark}
      {change === 0 ? '' : Math.abs(change)}
    </Typography>
  );
}

/** A row's score in each secondary metric's column (decision 0046), "-" where it has none. */
function SecondaryCells({
  columns,
  scores,
  testId,
}: {
  columns: readonly string[];
  scores?: Record<string, number> | null;
  testId: string;
}) {
  return (
    <>
      {columns.map((column) => (
        <TableCell key={column} data-testid={testId}>
          {formatScore(scores?.[column])}
        </TableCell>
      ))}
    </>
  );
}

/**
 * A baseline (decision 0050): the organiser's reference row in its place by score, marked, with no
 * rank, entries or shake-up; its description beneath its name.
 */
function BaselineRow({
  row,
  shakeUp,
  columns,
}: {
  row: scoring.BaselineRow;
  shakeUp: boolean;
  columns: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <TableRow data-testid="leaderboard-baseline" sx={{ bgcolor: 'action.hover' }}>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          label={t('scoring.baseline')}
          data-testid="leaderboard-baseline-mark"
        />
      </TableCell>
      {shakeUp ? (
        <>
          <TableCell>-</TableCell>
          <TableCell>-</TableCell>
        </>
      ) : null}
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.name}
        </Typography>
        {row.description ? (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', whiteSpace: 'pre-wrap' }}
            data-testid="leaderboard-baseline-description"
          >
            {row.description}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>-</TableCell>
      <TableCell>{formatScore(row.score)}</TableCell>
      {/* A baseline is scored by every metric too (decision 0046); one added before has none. */}
      <SecondaryCells columns={columns} scores={row.scores} testId="leaderboard-baseline-secondary" />
      <TableCell>-</TableCell>
      <TableCell>-</TableCell>
      <TableCell>-</TableCell>
    </TableRow>
  );
}

/** The id of the reader's own row, for the "my row" link to scroll to. */
export const mineRowId = 'leaderboard-mine';

/**
 * Rows of spec §3 (rank, participants, university/organization, score, date of the top score) and,
 * as Kaggle shows them (decision 0029), the team's entries and the time of its last. `mine` is the
 * reader's team id: its row is marked here, in the browser, so the board's page stays one for all.
 */
export function LeaderboardTable({
  rows,
  baselines = [],
  timeZone,
  mine,
  columns = [],
}: {
  rows: (LeaderboardRow | PrivateBoardRow)[];
  /** The board's secondary metrics (decision 0046): a column each after the score, in the order's order. */
  columns?: readonly string[];
  /** The page's baselines (decision 0050), shown in their place among the rows, never ranked. */
  baselines?: scoring.BaselineRow[];
  timeZone?: string;
  mine?: string | null;
}) {
  const { t } = useTranslation();
  // A published private board's rows carry the shake-up: their public rank and the places moved.
  const shakeUp = rows.some((row) => 'publicRank' in row);
  if (rows.length === 0 && baselines.length === 0)
    return (
      <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="leaderboard-empty">
        {t('scoring.leaderboardEmpty')}
      </Typography>
    );
  // A board with many metric columns scrolls sideways in its own box, never the page (issue 35).
  return (
    <TableContainer>
      <Table size="small" data-testid="leaderboard">
        <TableHead>
          <TableRow>
            <TableCell>{t('scoring.rank')}</TableCell>
            {shakeUp ? <TableCell>{t('scoring.publicRank')}</TableCell> : null}
            {shakeUp ? <TableCell>{t('scoring.rankChange')}</TableCell> : null}
            <TableCell>{t('scoring.participants')}</TableCell>
            <TableCell>{t('scoring.organization')}</TableCell>
            <TableCell>{t('scoring.score')}</TableCell>
            {columns.map((column) => (
              <TableCell key={column} data-testid="leaderboard-column">
                {column}
              </TableCell>
            ))}
            <TableCell>{t('scoring.topScoreDate')}</TableCell>
            <TableCell>{t('scoring.entries')}</TableCell>
            <TableCell>{t('scoring.lastEntry')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {scoring.withBaselines(rows, baselines).map((row) => {
            if ('baseline' in row)
              return <BaselineRow key={row.baselineId} row={row} shakeUp={shakeUp} columns={columns} />;
            const isMine = Boolean(mine) && row.teamId === mine;
            return (
              <TableRow
                key={row.teamId}
                data-testid="leaderboard-row"
                selected={isMine}
                aria-current={isMine ? 'true' : undefined}
                id={isMine ? mineRowId : undefined}
                data-mine={isMine ? 'true' : undefined}
                sx={isMine ? { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } : undefined}
              >
                <TableCell>{row.rank}</TableCell>
                {'publicRank' in row ? (
                  <>
                    <TableCell data-testid="leaderboard-public-rank">{row.publicRank ?? '-'}</TableCell>
                    <TableCell data-testid="leaderboard-change">
                      <Change change={row.rankChange} />
                    </TableCell>
                  </>
                ) : null}
                <TableCell>
                  {row.teamName ? (
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {row.teamName}
                    </Typography>
                  ) : null}
                  {row.participants.join(t('competition.listSeparator'))}
                  {isMine ? (
                    <Typography variant="caption" color="primary" sx={{ display: 'block' }}>
                      {t('scoring.yourTeam')}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>{row.organization ?? '-'}</TableCell>
                <TableCell>{formatScore(row.score)}</TableCell>
                <SecondaryCells columns={columns} scores={row.scores} testId="leaderboard-secondary" />
                <TableCell>
                  <ZonedTime iso={row.submittedAt} timeZone={timeZone} />
                </TableCell>
                <TableCell data-testid="leaderboard-entries">{row.entries}</TableCell>
                <TableCell>
                  <ZonedTime iso={row.lastEntryAt} timeZone={timeZone} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
