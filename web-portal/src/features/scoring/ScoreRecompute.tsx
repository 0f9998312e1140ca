import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RecomputeState, recomputeScore } from '../transparency/recomputeScore';
import { transparencyApi } from '../transparency/transparencyClient';
import { formatScore } from './formatScore';

/**
 * After final publication: a button that recomputes this submission's public and private scores in the
 * browser from the published ground truth and split key (decision 0031), and says whether they are the
 * recorded ones — or which row of which file stops it.
 */
export function ScoreRecompute({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<RecomputeState>({ status: 'idle' });
  const run = () => {
    setState({ status: 'running' });
    recomputeScore(transparencyApi, submissionId)
      .catch((): RecomputeState => ({ status: 'unavailable' }))
      .then(setState);
  };
  if (state.status === 'idle' || state.status === 'running')
    return (
      <Button size="small" onClick={run} disabled={state.status === 'running'} data-testid="score-recompute">
        {t(state.status === 'running' ? 'scoring.recompute.running' : 'scoring.recompute.button')}
      </Button>
    );
  const text =
    state.status === 'match' || state.status === 'mismatch'
      ? t(`scoring.recompute.${state.status}`, {
          public: formatScore(state.recomputed.publicScore),
          private: formatScore(state.recomputed.privateScore),
          recordedPublic: formatScore(state.recorded.publicScore),
          recordedPrivate: formatScore(state.recorded.privateScore),
          rows: state.rows,
          privateRows: state.rows - state.publicRows,
        })
      : state.status === 'row'
        ? t('scoring.recompute.row', {
            file: t(`scoring.recompute.files.${state.file}`),
            line: state.line,
            reason: state.reason,
          })
        : t(`scoring.recompute.${state.status}`);
  const color =
    state.status === 'match' ? 'success.main' : state.status === 'kept' ? 'text.secondary' : 'error.main';
  return (
    <>
      <Typography variant="body2" color={color} data-testid="score-recomputed" data-state={state.status}>
        {text}
      </Typography>
      {/* Each secondary metric (decision 0046), recomputed and recorded. */}
      {state.status === 'match' || state.status === 'mismatch'
        ? state.secondary.map((entry) => (
            <Typography
              key={entry.metric}
              variant="body2"
              color={color}
              data-testid="score-recomputed-secondary"
            >
              {t('scoring.recompute.secondary', {
                metric: entry.metric,
                public: formatScore(entry.recomputed.publicScore),
                private: formatScore(entry.recomputed.privateScore),
                recordedPublic: formatScore(entry.recorded.publicScore),
                recordedPrivate: formatScore(entry.recorded.privateScore),
              })}
            </Typography>
          ))
        : null}
    </>
  );
}
