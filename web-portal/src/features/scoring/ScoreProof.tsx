import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformKey, transparencyApi } from '../transparency/transparencyClient';
import { type ScoreProofState, verifyScore } from '../transparency/verifyScore';
import { ScoreRecompute } from './ScoreRecompute';
import type { Submission } from './types';

const recheckMs = 10_000;

/** Whether a Completed submission's score is in a signed checkpoint, as this browser verified it. */
export function ScoreProof({ submission }: { submission: Submission }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ScoreProofState>({ status: 'checking' });
  const completed = submission.status === 'Completed';

  useEffect(() => {
    if (!completed) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () =>
      verifyScore(transparencyApi, submission.submissionId, platformKey())
        .catch((): ScoreProofState => ({ status: 'unavailable' }))
        .then((next) => {
          if (!current) return;
          setState(next);
          // The next checkpoint covers it: look again while the page stays open.
          if (next.status === 'pending' || next.status === 'unavailable')
            timer = setTimeout(check, recheckMs);
        });
    setState({ status: 'checking' });
    void check();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [completed, submission.submissionId, submission.score]);

  if (!completed || state.status === 'none') return null;
  const text =
    state.status === 'verified'
      ? t('scoring.proof.verified', { number: state.checkpoint })
      : t(`scoring.proof.${state.status}`);
  const detail =
    state.status === 'verified'
      ? t(state.contentChecked ? 'scoring.proof.contentChecked' : 'scoring.proof.contentLater', {
          index: state.leafIndex,
          size: state.treeSize,
        })
      : undefined;
  const color =
    state.status === 'verified'
      ? 'success.main'
      : state.status === 'failed'
        ? 'error.main'
        : 'text.secondary';
  return (
    <>
      <Typography
        variant="body2"
        color={color}
        title={detail}
        data-testid="score-proof"
        data-state={state.status}
      >
        {text}
      </Typography>
      {/* Once the content (with the private score) is checked, the scores themselves can be recomputed. */}
      {state.status === 'verified' && state.contentChecked && (
        <ScoreRecompute submissionId={submission.submissionId} />
      )}
    </>
  );
}
