import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../layout/PageFallback';
import { useCompetition } from '../competitions/useCompetition';
import { LeaderboardTable } from './LeaderboardTable';
import { scoringApi } from './scoringClient';
import type { LeaderboardPage as Board } from './types';

const pageSize = 20;

/** /competitionDetail/{id}/leaderboard: the public leaderboard of the current phase, page by page. */
export default function LeaderboardPage() {
  const { t } = useTranslation();
  const { competition } = useCompetition();
  const competitionId = competition?.competitionId;
  const [page, setPage] = useState(1);
  const [board, setBoard] = useState<Board | null>(null);

  useEffect(() => {
    if (!competitionId) return undefined;
    let live = true;
    scoringApi.leaderboard(competitionId, page, pageSize).then(
      (next) => live && setBoard(next),
      () => live && setBoard({ phase: null, total: 0, page, pageSize, records: [] }),
    );
    return () => {
      live = false;
    };
  }, [competitionId, page]);

  if (!competition || !board) return <PageFallback />;
  const pages = Math.max(1, Math.ceil(board.total / pageSize));
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {board.phase ? (
        <Typography color="text.secondary" data-testid="leaderboard-phase">
          {t('scoring.boardOf', {
            phase: t(`competition.phases.${board.phase}`, { defaultValue: board.phase }),
            total: board.total,
          })}
        </Typography>
      ) : null}
      <LeaderboardTable rows={board.records} timeZone={competition.timeZone} />
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          data-testid="leaderboard-pages"
        />
      ) : null}
    </Stack>
  );
}
