// Projections: read models fed from the event log, and their replay (library).
export * from './projection.ts';
export * from './replay.ts';
