/**
 * Scoring's domain core for submissions (issue 20 item 1), in the team service's shape: the stream's
 * events and state (state.ts) and the pure decider (decide.ts).
 */
import type { EventEnvelope } from '@sais/events';
import { type ReceivedFacts, foldSubmission } from './state.ts';

export * from './state.ts';
export * from './decide.ts';

/** A submission's state in the shape the workers read before the decider (kept while callers move). */
export interface Progress {
  status: 'none' | 'Waiting' | 'Evaluating' | 'Completed' | 'Invalid' | 'Failed' | 'Cancelled';
  attempts: number;
  leaseUntil: number;
  /** Who holds the claim while Evaluating. */
  worker?: string;
  received?: ReceivedFacts;
}

export function progressOf(events: readonly EventEnvelope[]): Progress {
  const state = foldSubmission(events);
  if (state.status === 'none') return { status: 'none', attempts: 0, leaseUntil: 0 };
  const { status, attempts, lease, received } = state;
  return { status, attempts, leaseUntil: lease?.until ?? 0, worker: lease?.worker, received };
}
