import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '../../forms/ZonedTime';
import { PageFallback } from '../../layout/PageFallback';
import type { CompetitionDetail } from '../competitions/types';
import { useCompetition } from '../competitions/useCompetition';
import { formatScore } from './formatScore';
import { ParticipantGate } from './ParticipantGate';
import { ScoreChart } from './ScoreChart';
import { scoringApi } from './scoringClient';
import type { MyScore } from './types';

function Score({ competition }: { competition: CompetitionDetail }) {
  const { t } = useTranslation();
  const [score, setScore] = useState<MyScore | null>(null);

  useEffect(() => {
    let live = true;
    scoringApi.myScore(competition.competitionId).then(
      (next) => live && setScore(next),
      () => live && setScore({ teamId: '', privateBest: [], best: [], history: [], boardOptions: [] }),
    );
    return () => {
      live = false;
    };
  }, [competition.competitionId]);

  if (!score) return <PageFallback />;
  const phase = (name: string) => t(`competition.phases.${name}`, { defaultValue: name });
  const blind = score.boardOptions.filter((options) => options.blind);
  return (
    <Stack spacing={3} sx={{ mt: 2 }}>
      {blind.map((options) => (
        <Alert key={`blind-${options.phase}`} severity="info" data-testid="my-score-blind">
          {phase(options.phase)} · {t('scoring.blindPhase')}
        </Alert>
      ))}
      {score.best.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-score">
          {t('scoring.noScore')}
        </Typography>
      ) : (
        score.best.map((best) => (
          <Paper key={best.phase} variant="outlined" sx={{ p: 2 }} data-testid="best-score">
            <Typography variant="overline">{phase(best.phase)}</Typography>
            <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }}>
              <div>
                <Typography color="text.secondary">{t('scoring.bestScore')}</Typography>
                <Typography variant="h5" data-testid="best-score-value">
                  {formatScore(best.score)}
                </Typography>
              </div>
              <div>
                <Typography color="text.secondary">{t('scoring.rank')}</Typography>
                <Typography variant="h5" data-testid="best-rank">
                  {best.rank}
                </Typography>
              </div>
              <div>
                <Typography color="text.secondary">{t('scoring.topScoreDate')}</Typography>
                <Typography>
                  <ZonedTime iso={best.submittedAt} timeZone={competition.timeZone} />
                </Typography>
              </div>
            </Stack>
          </Paper>
        ))
      )}
      {score.best.map((best) => {
        const points = score.history.filter((point) => point.phase === best.phase);
        return points.length > 0 ? (
          <div key={`chart-${best.phase}`}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('scoring.history')} · {phase(best.phase)}
            </Typography>
            <ScoreChart
              points={points}
              metric={best.metric}
              higherIsBetter={best.higherIsBetter}
              rank={best.rank}
              teams={best.teams}
              timeZone={competition.timeZone}
            />
          </div>
        ) : null;
      })}
    </Stack>
  );
}

/** /competitionDetail/{id}/myScore: my team's best public score, rank and score history. */
export default function MyScorePage() {
  const { competition } = useCompetition();
  return (
    <ParticipantGate competition={competition}>
      {competition ? <Score competition={competition} /> : null}
    </ParticipantGate>
  );
}
