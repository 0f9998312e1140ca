/**
 * Scoring's domain core for submissions (issue 20 item 1), in the team service's shape: the stream's
 * events and state (state.ts) and the pure decider (decide.ts). The workers and commands load the
 * stream, decide, and record the decision (workers/record.ts).
 */
export * from './state.ts';
export * from './decide.ts';
