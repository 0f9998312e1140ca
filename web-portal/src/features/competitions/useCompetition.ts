import { useOutletContext } from 'react-router-dom';
import type { CompetitionDetail } from './types';

export interface CompetitionContext {
  /** Null while it loads (or when it does not exist). */
  competition: CompetitionDetail | null;
  reload: () => void;
}

/** The competition of the detail page the tab is in (from `CompetitionDetailLayout`). */
export function useCompetition(): CompetitionContext {
  return useOutletContext<CompetitionContext>();
}
