// Verifiable integrity: signed checkpoints of every event log, kept outside the database (decision 0012).
export * from './checkpoint-log.ts';
export * from './checkpointer.ts';
export * from './leaves.ts';
export * from './log-files.ts';
export * from './merkle-tree.ts';
export * from './routes.ts';
export * from './service-logs.ts';
export * from './signer.ts';
export * from './tree-files.ts';
export * from './verify-log.ts';
export * from './check-logs.ts';
export * from './mirror.ts';
export * from './log-start.ts';
export * from './key-placement.ts';
export * from './adoptions.ts';
export * from './cosignatures.ts';
export * from './witness.ts';
