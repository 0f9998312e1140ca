import { useCallback, useEffect, useState } from 'react';
import { notifySuccess } from '../../forms/notify';
import { FinalSelectionPanel } from './FinalSelectionPanel';
import type { ScoringApi } from './scoringApi';
import type { AnySubmission, FinalSelection } from './types';

/**
 * The team's final submissions per phase. Asked again whenever the set of completed submissions
 * changes, since the default (the 2 best public scores) moves with them.
 */
export function FinalSelections({
  competitionId,
  submissions,
  api,
  timeZone,
}: {
  competitionId: string;
  submissions: AnySubmission[];
  api: ScoringApi;
  timeZone?: string;
}) {
  const [selections, setSelections] = useState<FinalSelection[]>([]);
  const [busy, setBusy] = useState(false);
  const completed = submissions
    .filter((s) => s.status === 'Completed')
    .map((s) => s.submissionId)
    .join();

  const load = useCallback(() => {
    api.finalSelection(competitionId).then(setSelections, () => undefined);
  }, [api, competitionId]);
  useEffect(load, [load, completed]);

  const save = async (phase: string, submissionIds: string[]) => {
    setBusy(true);
    try {
      await api.selectFinal(competitionId, phase, submissionIds);
      notifySuccess('modifySuccess');
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
      load();
    }
  };

  return (
    <>
      {selections.map((selection) => (
        <FinalSelectionPanel
          key={`${selection.phase}|${selection.submissions.map((s) => s.submissionId).join()}`}
          selection={selection}
          submissions={submissions}
          busy={busy}
          timeZone={timeZone}
          onSave={(ids) => void save(selection.phase, ids)}
        />
      ))}
    </>
  );
}
