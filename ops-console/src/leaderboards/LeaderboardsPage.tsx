import Publish from '@mui/icons-material/Publish';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useAction } from '../competitions/useAction';
import { CompetitionPhasePicker, usePhaseChoice } from '../operations/CompetitionPhasePicker';
import { useConsoleApi } from '../operations/useConsoleApi';
import { useLoad } from '../operations/useLoad';
import { type BoardPage, BoardTable } from './BoardTable';
import { useBoardStream } from './useBoardStream';

/**
 * A phase's public and private leaderboards side by side (operators preview the private one before
 * it is published), and the publication of the final results. Both boards are read again whenever
 * the competition's boards change.
 */
export function LeaderboardsPage() {
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [{ competitionId, phase }, setChoice] = usePhaseChoice('leaderboards');
  const [round, setRound] = useState(0);
  const query = { competitionId, phase: phase || undefined, pageSize: 100 };
  const ready = Boolean(competitionId);
  const inputs = [competitionId, phase, round, api];
  const publicBoard = useLoad(ready ? () => api.get<BoardPage>('/leaderboard/public', query) : null, inputs);
  const privateBoard = useLoad(
    ready ? () => api.get<BoardPage>('/leaderboard/private', query) : null,
    inputs,
  );
  useBoardStream(competitionId, () => setRound((value) => value + 1));
  const shownPhase = (phase || privateBoard.data?.phase || publicBoard.data?.phase) ?? '';
  // The publication as the command answered it: the board's own flag comes from a projection a moment
  // behind, and the page reads the board once after publishing.
  const [answered, setAnswered] = useState<{ key: string; publishedAt: string } | null>(null);
  const boardKey = `${competitionId}/${shownPhase}`;
  const answeredAt = answered?.key === boardKey ? answered.publishedAt : null;
  const published = (privateBoard.data?.published ?? false) || answeredAt !== null;
  const publishedAt = privateBoard.data?.publishedAt ?? answeredAt;

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="console.leaderboards.title" />
      <CompetitionPhasePicker value={{ competitionId, phase }} onChange={setChoice}>
        <Button
          variant="contained"
          startIcon={<Publish />}
          disabled={!ready || !shownPhase || published || pending}
          data-testid="publish"
          onClick={async () => {
            const answer = await act(
              () =>
                api.post<{ publishedAt: string }>('/admin/leaderboard/publish', {
                  competitionId,
                  phase: shownPhase,
                }),
              'console.leaderboards.published',
            );
            if (answer) setAnswered({ key: boardKey, publishedAt: answer.publishedAt });
            setRound((value) => value + 1);
          }}
        >
          {translate('console.leaderboards.publish')}
        </Button>
      </CompetitionPhasePicker>
      {!ready && <Alert severity="info">{translate('console.leaderboards.choose')}</Alert>}
      {ready && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <BoardTable
            title="console.leaderboards.public"
            board={publicBoard.data}
            error={publicBoard.error}
            testId="board-public"
          />
          <BoardTable
            title="console.leaderboards.private"
            board={privateBoard.data}
            error={privateBoard.error}
            testId="board-private"
            note={
              privateBoard.data && (
                <Alert severity={published ? 'success' : 'warning'} sx={{ my: 1 }} data-testid="board-state">
                  {published
                    ? translate('console.leaderboards.publishedAt', {
                        at: new Date(publishedAt!).toLocaleString(),
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
