import { useCallback, useEffect, useState } from 'react';
import { notifySuccess } from '../../forms/notify';
import { PageFallback } from '../../layout/PageFallback';
import { saveBlob } from '../competitions/saveBlob';
import type { CompetitionDetail } from '../competitions/types';
import { useCompetition } from '../competitions/useCompetition';
import { FinalSelections } from './FinalSelections';
import { ParticipantGate } from './ParticipantGate';
import { scoringApi } from './scoringClient';
import { ScoreProof } from './ScoreProof';
import { SubmissionTable } from './SubmissionTable';
import { type AnySubmission, type Remaining, type Submission, isContainer } from './types';
import { UploadPanel } from './UploadPanel';
import type { Progress } from './uploadTransport';
import { isPending, useRefreshWhile } from './useRefreshWhile';

function Submissions({ competition }: { competition: CompetitionDetail }) {
  const { competitionId } = competition;
  const [submissions, setSubmissions] = useState<AnySubmission[] | null>(null);
  const [remaining, setRemaining] = useState<Remaining | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    scoringApi.mine(competitionId).then(setSubmissions, () => setSubmissions((s) => s ?? []));
    scoringApi.remaining(competitionId).then(setRemaining, () => undefined);
  }, [competitionId]);

  useEffect(load, [load]);
  useRefreshWhile(isPending(submissions ?? []), load);

  const upload = async (file: File, onProgress: Progress, description?: string) => {
    setUploading(true);
    try {
      await scoringApi.upload(competitionId, file, onProgress, description);
      notifySuccess('submitSuccess');
    } catch {
      // The API client showed the server's message.
    } finally {
      setUploading(false);
      load();
    }
  };

  const sample = () => {
    scoringApi
      .sample(competitionId)
      .then((blob) => saveBlob(blob, 'sample_submission.csv'))
      .catch(() => undefined);
  };

  /** Cancels a waiting submission; the list and the allowance are read again either way. */
  const cancel = (submission: Submission) => {
    setBusy(submission.submissionId);
    scoringApi
      .cancel(submission.submissionId)
      .then(() => notifySuccess('submissionCancelled'))
      .catch(() => undefined) // the API client showed the server's reason
      .finally(() => {
        setBusy(null);
        load();
      });
  };

  const download = (submission: Submission) => {
    setBusy(submission.submissionId);
    scoringApi
      .file(submission.submissionId)
      .then((blob) => saveBlob(blob, submission.fileName))
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };

  return (
    <>
      <UploadPanel remaining={remaining} busy={uploading} onUpload={upload} onSample={sample} />
      {submissions ? (
        <SubmissionTable
          submissions={submissions.filter((s): s is Submission => !isContainer(s))}
          busy={busy}
          onDownload={download}
          onCancel={cancel}
          timeZone={competition.timeZone}
          proofOf={(submission) => <ScoreProof submission={submission} />}
        />
      ) : (
        <PageFallback />
      )}
      {submissions ? (
        <FinalSelections
          competitionId={competitionId}
          submissions={submissions}
          api={scoringApi}
          timeZone={competition.timeZone}
        />
      ) : null}
    </>
  );
}

/** /competitionDetail/{id}/mySubmissions: submit a result file, and my team's submissions. */
export default function MySubmissionsPage() {
  const { competition } = useCompetition();
  return (
    <ParticipantGate competition={competition}>
      {competition ? <Submissions competition={competition} /> : null}
    </ParticipantGate>
  );
}
