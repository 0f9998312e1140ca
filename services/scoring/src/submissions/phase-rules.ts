import { competition } from '@sais/events';
import { scoringErrors } from '../errors.ts';

/** The phases a competition takes submissions in, in order (the latest open one takes them). */
export const scoringPhases = ['preliminary', 'semi-final', 'final'];

/**
 * Which phase a submission made at `now` goes to (issue 30, decision 0025): the submission phase open
 * now (the latest if several are), and never one whose final results are published, even if an
 * operator opened it again. After a phase ends, submissions are refused (no late submissions): 40003
 * when no phase is open, 40052 when the open one is published. Pure: the caller reads the facts.
 */
export function admissionPhase(
  phases: Partial<Record<string, competition.PhaseWindow>>,
  published: readonly string[],
  now: Date,
): string {
  const phase = competition.openPhaseAt(phases, scoringPhases, now);
  if (!phase) throw scoringErrors.noOpenPhase();
  if (published.includes(phase)) throw scoringErrors.phaseResultsPublished({ data: { phase } });
  return phase;
}
