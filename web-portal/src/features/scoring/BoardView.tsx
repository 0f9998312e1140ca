import { boardOrderText, scoring } from '@sais/events';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { LeaderboardTable } from './LeaderboardTable';
import type { LeaderboardPage } from './types';
import type { BoardState } from './useBoard';

/**
 * One board: its caption, its order in words (decision 0029), rows and pages; the private one says when
 * it is not published yet. `mine` marks the reader's row; `myRank` offers a link to its page.
 */
export function BoardView({
  board,
  caption,
  timeZone,
  pageSize,
  onPage,
  mine,
  myRank,
}: {
  board: BoardState<LeaderboardPage>;
  caption: (board: LeaderboardPage) => string | null;
  timeZone?: string;
  pageSize: number;
  /** `toMine`: the page was asked for to show the reader's row (scrolled to once it is shown). */
  onPage: (page: number, toMine?: boolean) => void;
  mine?: string | null;
  myRank?: number | null;
}) {
  const { t, i18n } = useTranslation();
  if (board === null) return <PageFallback />;
  if (board === 'hidden')
    return (
      <Alert severity="info" data-testid="private-hidden">
        {t('scoring.privateHidden')}
      </Alert>
    );
  if (board === 'blind')
    return (
      <Alert severity="info" data-testid="leaderboard-blind">
        {t('scoring.blindPhase')}
      </Alert>
    );
  if (board === 'failed') return <LeaderboardTable rows={[]} />;
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'zh-CN';
  // The Ladder is the public board's (decision 0045); a private page carries its phase's options too.
  const ladderStep = 'published' in board ? null : (board.options?.ladderStep ?? null);
  const pages = Math.max(1, Math.ceil(board.total / pageSize));
  const text = caption(board);
  return (
    <Stack spacing={2}>
      {text ? (
        <Typography color="text.secondary" data-testid="leaderboard-phase">
          {text}
        </Typography>
      ) : null}
      {board.records.length > 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="leaderboard-order">
          {/* The stated steps, an organiser-chosen order first (issue 37). */}
          {boardOrderText(language, board.order.higherIsBetter, board.columns ?? [], board.order.steps)}
        </Typography>
      ) : null}
      {ladderStep !== null ? (
        <Alert severity="info" data-testid="leaderboard-ladder">
          {scoring.ladderText(language, ladderStep)}
        </Alert>
      ) : null}
      {myRank ? (
        <Button
          size="small"
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => onPage(Math.ceil(myRank / pageSize), true)}
          data-testid="leaderboard-my-row"
        >
          {t('scoring.myRow', { rank: myRank })}
        </Button>
      ) : null}
      <LeaderboardTable
        rows={board.records}
        baselines={board.baselines ?? []}
        columns={(board.columns ?? []).map((column) => column.metric)}
        timeZone={timeZone}
        mine={mine}
      />
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
