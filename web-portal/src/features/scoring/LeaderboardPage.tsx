import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ZoneNote } from '../../forms/ZonedTime';
import { formatZonedDateTime } from '../../forms/dates';
import { PageFallback } from '../../layout/PageFallback';
import type { CompetitionDetail } from '../competitions/types';
import { useCompetition } from '../competitions/useCompetition';
import { useSession } from '../session/session';
import { BoardView } from './BoardView';
import type { ScoringApi } from './scoringApi';
import { scoringApi } from './scoringClient';
import { SealPanel } from './SealPanel';
import { recomputeSeal } from './sealCheck';
import { mineRowId } from './LeaderboardTable';
import type { MyScore, LeaderboardPage as Page, PrivateLeaderboardPage } from './types';
import { useBoard } from './useBoard';
import { useLeaderboardStream } from './useLeaderboardStream';

const pageSize = 20;
const boards = ['public', 'private'] as const;
type Which = (typeof boards)[number];

/**
 * The public and the private leaderboard of the current phase, reloaded whenever the server's event
 * stream says a board changed; the seal of the final results and its check below them.
 */
export function Leaderboards({
  competition,
  api,
  streamBase,
  signedIn = false,
  sealLinks,
}: {
  competition: CompetitionDetail;
  api: ScoringApi;
  streamBase?: string;
  /** A signed-in reader: their team's row is marked and reachable (their own myScore call). */
  signedIn?: boolean;
  /** Links under a published seal (the page's: the prize places' write-ups, decision 0047). */
  sealLinks?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { competitionId, timeZone } = competition;
  const [which, setWhich] = useState<Which>('public');
  const [pages, setPages] = useState<Record<Which, number>>({ public: 1, private: 1 });
  const [version, setVersion] = useState(0);
  const live = useLeaderboardStream(
    competitionId,
    useCallback(() => setVersion((v) => v + 1), []),
    streamBase,
  );
  const publicBoard = useBoard(
    useCallback((page: number) => api.leaderboard(competitionId, page, pageSize), [api, competitionId]),
    pages.public,
    version,
  );
  const privateBoard = useBoard(
    useCallback(
      (page: number) => api.privateLeaderboard(competitionId, page, pageSize),
      [api, competitionId],
    ),
    pages.private,
    version,
  );
  // The reader's team and ranks come from their own call, never from the shared board page (0029).
  const [mine, setMine] = useState<MyScore | null>(null);
  useEffect(() => {
    if (!signedIn) return undefined;
    let live = true;
    api.myScore(competitionId).then(
      (next) => live && setMine(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, competitionId, signedIn, version]);
  const [toMine, setToMine] = useState(false);
  const phaseName = (phase: string) => t(`competition.phases.${phase}`, { defaultValue: phase });
  const caption = (board: Page) => {
    if (!board.phase) return null;
    const { publishedAt } = board as PrivateLeaderboardPage;
    return which === 'private' && publishedAt
      ? t('scoring.privateOf', {
          phase: phaseName(board.phase),
          date: formatZonedDateTime(publishedAt, i18n.resolvedLanguage, timeZone),
        })
      : t('scoring.boardOf', { phase: phaseName(board.phase), total: board.total });
  };
  const shown = which === 'public' ? publicBoard : privateBoard;
  const sealed = typeof publicBoard === 'object' && publicBoard?.seal !== undefined ? publicBoard : null;
  const published = typeof privateBoard === 'object' && privateBoard?.published === true;
  const shownPhase = typeof shown === 'object' && shown !== null ? shown.phase : null;
  const myRank =
    (which === 'public' ? mine?.best : mine?.privateBest)?.find((row) => row.phase === shownPhase)?.rank ??
    null;
  useEffect(() => {
    if (!toMine || typeof shown !== 'object' || shown === null) return;
    const row = document.getElementById(mineRowId);
    if (row) {
      row.scrollIntoView({ block: 'center' });
      row.focus?.();
      setToMine(false);
    }
  }, [toMine, shown]);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={which}
          onChange={(_event, next: Which | null) => next && setWhich(next)}
        >
          {boards.map((board) => (
            <ToggleButton key={board} value={board} data-testid={`board-${board}`}>
              {t(`scoring.boards.${board}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {live ? (
          <Chip size="small" color="success" label={t('scoring.live')} data-testid="leaderboard-live" />
        ) : null}
      </Stack>
      <ZoneNote timeZone={timeZone} />
      <BoardView
        board={shown}
        caption={caption}
        timeZone={timeZone}
        pageSize={pageSize}
        onPage={(page, jump) => {
          setPages((previous) => ({ ...previous, [which]: page }));
          if (jump) setToMine(true);
        }}
        mine={mine?.teamId ?? null}
        myRank={myRank}
      />
      {sealed?.phase ? (
        <SealPanel
          key={sealed.seal?.digest ?? 'none'}
          seal={sealed.seal ?? null}
          canRecompute={published}
          timeZone={timeZone}
          recompute={() => recomputeSeal(api, competitionId, sealed.phase!)}
          links={sealLinks}
        />
      ) : null}
    </Stack>
  );
}

/** /competitionDetail/{id}/leaderboard. */
export default function LeaderboardPage() {
  const { competition } = useCompetition();
  const session = useSession();
  if (!competition) return <PageFallback />;
  return (
    <Leaderboards
      competition={competition}
      api={scoringApi}
      signedIn={session.status === 'signedIn'}
      sealLinks={<WriteUpsLink />}
    />
  );
}

/** From a published seal to the write-ups that name it (decision 0047). */
function WriteUpsLink() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to="../writeUps" relative="path" size="small" data-testid="seal-writeups">
      {t('scoring.seal.writeUps')}
    </Button>
  );
}
