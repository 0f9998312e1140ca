// The auditors' tools of every service: event history, stream history, hash-chain check, replay, as-of.
export * from './as-of.ts';
export * from './event-log.ts';
export * from './jobs.ts';
export * from './read-models.ts';
export * from './replay-jobs.ts';
export * from './routes.ts';
export * from './state-tables.ts';
export * from './derived-tables.ts';
