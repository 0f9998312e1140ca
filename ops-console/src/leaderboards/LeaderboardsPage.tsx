import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { scoring } from '@sais/events';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { CompetitionPhasePicker, useCompetition, usePhaseChoice } from '../shared/CompetitionPhasePicker';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';
import { formatInZone, platformZone } from '../shared/time';
import { type BoardPage, BoardTable } from './BoardTable';
import { PublicationPanel } from './PublicationPanel';
import { useBoardStream } from './useBoardStream';

/**
 * A phase's public and private leaderboards side by side (operators preview the private one before
 * it is published), and the publication of the final results. Both boards are read again whenever
 * the competition's boards change.
 */
export function LeaderboardsPage() {
  const translate = useTranslate();
  const api = useConsoleApi();
  const [{ competitionId, phase }, setChoice] = usePhaseChoice('leaderboards');
  const [round, setRound] = useState(0);
  const query = {
    competitionId,
    phase: phase || undefined,
    pageSize: 100,
  } satisfies scoring.requests.PublicBoardQuery & scoring.requests.PrivateBoardQuery;
  const ready = Boolean(competitionId);
  const inputs = [competitionId, phase, round, api];
  const publicBoard = useLoad(ready ? () => api.get<BoardPage>('/leaderboard/public', query) : null, inputs);
  const privateBoard = useLoad(
    ready ? () => api.get<BoardPage>('/leaderboard/private', query) : null,
    inputs,
  );
  useBoardStream(competitionId, () => setRound((value) => value + 1));
  // No default phase (issue 19): the boards may show their current phase, publishing needs one chosen.
  const { timeZone } = useCompetition(competitionId);
  const published = privateBoard.data?.published ?? false;
  const publishedAt = privateBoard.data?.publishedAt ?? null;

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="console.leaderboards.title" />
      <CompetitionPhasePicker value={{ competitionId, phase }} onChange={setChoice} />
      {ready && !phase && <Alert severity="info">{translate('console.leaderboards.choosePhase')}</Alert>}
      {ready && phase && privateBoard.data && (
        <PublicationPanel
          key={`${competitionId}/${phase}`}
          competitionId={competitionId}
          phase={phase}
          teams={privateBoard.data.total}
          onPublished={() => setRound((value) => value + 1)}
        />
      )}
      {!ready && <Alert severity="info">{translate('console.leaderboards.choose')}</Alert>}
      {ready && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <BoardTable
            title="console.leaderboards.public"
            board={publicBoard.data}
            error={publicBoard.error}
            testId="board-public"
            zone={timeZone ?? platformZone}
          />
          <BoardTable
            title="console.leaderboards.private"
            board={privateBoard.data}
            error={privateBoard.error}
            testId="board-private"
            zone={timeZone ?? platformZone}
            note={
              privateBoard.data && (
                <Alert severity={published ? 'success' : 'warning'} sx={{ my: 1 }} data-testid="board-state">
                  {published
                    ? translate('console.leaderboards.publishedAt', {
                        at: formatInZone(publishedAt!, timeZone ?? platformZone),
                      })
                    : translate('console.leaderboards.preview')}
                </Alert>
              )
            }
          />
        </Stack>
      )}
    </Stack>
  );
}
