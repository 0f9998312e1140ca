import { scoring } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../forms/useMessages';
import type { Submission } from './types';

/**
 * A submission's log in the reader's language: the run's output (container submissions) or an older
 * English log as it is, then the scorer's refusal rendered from the shared catalogue (@sais/events
 * fileRefusalTexts), so a language switch re-renders it at once.
 */
export function useSubmissionLog(): (
  submission: Pick<Submission, 'log' | 'refusal' | 'logWithheld'>,
) => string {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.resolvedLanguage);
  // A run on hidden data (decision 0032): the API sent no log; the fixed sentence says why, with the verdict.
  return (submission) =>
    scoring.participantRunView(
      { hiddenData: submission.logWithheld === true, log: submission.log, refusal: submission.refusal },
      language,
    ).logText ?? '';
}
