import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../forms/notify';
import { PageFallback } from '../../layout/PageFallback';
import type { CompetitionDetail } from '../competitions/types';
import { useCompetition } from '../competitions/useCompetition';
import { type Confirmation, ConfirmDialog } from '../team/ConfirmDialog';
import { ContainerForm } from './ContainerForm';
import { type ContainerValues, containerRequest } from './containerForm';
import { ContainerTable } from './ContainerTable';
import { ParticipantGate } from './ParticipantGate';
import type { ScoringApi } from './scoringApi';
import { scoringApi } from './scoringClient';
import { type ContainerSubmission, type Remaining, isContainer } from './types';
import { isPending, useRefreshWhile } from './useRefreshWhile';

/** Container images take this kind (competition settings' `submissionKinds`). */
export const containerKind = 'container-image';

/**
 * Submit an image and follow the team's container runs. When the previous run still goes, the
 * server's message is asked as a question; confirming sends the same image again with `confirmStop`.
 */
export function ContainerSubmissions({
  competition,
  api,
}: {
  competition: CompetitionDetail;
  api: ScoringApi;
}) {
  const { t } = useTranslation();
  const { competitionId } = competition;
  const [submissions, setSubmissions] = useState<ContainerSubmission[] | null>(null);
  const [remaining, setRemaining] = useState<Remaining | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // Each accepted image remounts the form, which clears it.
  const [accepted, setAccepted] = useState(0);

  const load = useCallback(() => {
    api.mine(competitionId).then(
      (all) => setSubmissions(all.filter(isContainer)),
      () => setSubmissions((s) => s ?? []),
    );
    api.remaining(competitionId).then(setRemaining, () => undefined);
  }, [api, competitionId]);

  useEffect(load, [load]);
  const running = (submissions ?? []).some((s) => s.runState !== null);
  useRefreshWhile(running || isPending(submissions ?? []), load);

  const send = async (values: ContainerValues, confirmStop: boolean, smoke: boolean): Promise<void> => {
    setBusy(true);
    try {
      const request = { ...containerRequest(competitionId, values), ...(smoke && { smoke }) };
      const answer = await api.submitContainer(confirmStop ? { ...request, confirmStop } : request);
      if (answer.outcome === 'confirmStop') {
        setConfirmation({
          title: t('container.confirmTitle'),
          text: answer.message,
          run: () => send(values, true, smoke),
        });
        return;
      }
      notifySuccess('submitSuccess');
      setAccepted((count) => count + 1);
      load();
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  if (!competition.submissionKinds.includes(containerKind))
    return (
      <Alert severity="info" sx={{ mt: 2 }} data-testid="container-not-offered">
        {t('container.notOffered')}
      </Alert>
    );
  return (
    <>
      <ContainerForm
        key={accepted}
        remaining={remaining}
        limits={competition.currentPhase ? competition.phases[competition.currentPhase]?.runLimits : null}
        busy={busy}
        onSubmit={(values, smoke) => send(values, false, smoke)}
      />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('container.listHeading')}
      </Typography>
      {submissions ? (
        <ContainerTable submissions={submissions} timeZone={competition.timeZone} />
      ) : (
        <PageFallback />
      )}
      <ConfirmDialog
        confirmation={confirmation}
        busy={busy}
        onClose={() => setConfirmation(null)}
        onConfirm={() => {
          const pending = confirmation;
          setConfirmation(null);
          void pending?.run();
        }}
      />
    </>
  );
}

/** /competitionDetail/{id}/codeSubmissions: container-image submissions (spec §3, §4, §9). */
export default function CodeSubmissionsPage() {
  const { competition } = useCompetition();
  return (
    <ParticipantGate competition={competition}>
      {competition ? <ContainerSubmissions competition={competition} api={scoringApi} /> : null}
    </ParticipantGate>
  );
}
