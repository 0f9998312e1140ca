import { useEffect, useRef } from 'react';
import type { Submission } from './types';

/** Whether a submission is still being scored, so its list should be asked again. */
export function isPending(submissions: readonly Pick<Submission, 'status'>[]): boolean {
  return submissions.some(
    (submission) => submission.status === 'Waiting' || submission.status === 'Evaluating',
  );
}

/** Calls `refresh` every `intervalMs` while `active`; stops when it turns false or on unmount. */
export function useRefreshWhile(active: boolean, refresh: () => void, intervalMs = 2000): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => latest.current(), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
}
