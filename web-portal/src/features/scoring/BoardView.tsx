import Alert from '@mui/material/Alert';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { LeaderboardTable } from './LeaderboardTable';
import type { LeaderboardPage } from './types';
import type { BoardState } from './useBoard';

/** One board: its caption, rows and pages; the private one says when it is not published yet. */
export function BoardView({
  board,
  caption,
  timeZone,
  pageSize,
  onPage,
}: {
  board: BoardState<LeaderboardPage>;
  caption: (board: LeaderboardPage) => string | null;
  timeZone?: string;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (board === null) return <PageFallback />;
  if (board === 'hidden')
    return (
      <Alert severity="info" data-testid="private-hidden">
        {t('scoring.privateHidden')}
      </Alert>
    );
  if (board === 'failed') return <LeaderboardTable rows={[]} />;
  const pages = Math.max(1, Math.ceil(board.total / pageSize));
  const text = caption(board);
  return (
    <Stack spacing={2}>
      {text ? (
        <Typography color="text.secondary" data-testid="leaderboard-phase">
          {text}
        </Typography>
      ) : null}
      <LeaderboardTable rows={board.records} timeZone={timeZone} />
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={board.page}
          onChange={(_event, next) => onPage(next)}
          data-testid="leaderboard-pages"
        />
      ) : null}
    </Stack>
  );
}
