import type { audit } from '@sais/events';
import { useCallback, useEffect, useState } from 'react';
import type { AuditJob } from './types';
import { messageOf, useAuditApi } from './useAuditApi';

export type JobOutcome<R> =
  { state: 'idle' } | { state: 'failed'; message: string } | { state: 'running' | 'done'; job: AuditJob<R> };

/**
 * A background check of one service: `start` posts it, then its progress is polled until it is done
 * (the work runs on the server; the page may be left and the check goes on).
 */
export function useAuditJob<R>(service: string) {
  const api = useAuditApi();
  const [outcome, setOutcome] = useState<JobOutcome<R>>({ state: 'idle' });
  const running = outcome.state === 'running' ? outcome.job.id : null;

  useEffect(() => {
    if (!running) return;
    let current = true;
    const timer = setInterval(() => {
      api.job<R>(service, running).then(
        (job) => {
          if (!current) return;
          if (job.state === 'failed') setOutcome({ state: 'failed', message: job.error ?? '' });
          else setOutcome({ state: job.state === 'done' ? 'done' : 'running', job });
        },
        (error: unknown) => current && setOutcome({ state: 'failed', message: messageOf(error) }),
      );
    }, 400);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [api, service, running]);

  const start = useCallback(
    (request: audit.requests.JobRequest) =>
      api.startJob<R>(service, request).then(
        (job) => setOutcome({ state: 'running', job }),
        (error: unknown) => setOutcome({ state: 'failed', message: messageOf(error) }),
      ),
    [api, service],
  );
  return { outcome, start };
}
