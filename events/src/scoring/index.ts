export * from './metrics.ts';
export * from './submission.ts';
export * from './ground-truth.ts';
export * from './board.ts';
export * from './notices.ts';
export * from './integrity.ts';
export * from './container.ts';
export * from './publication.ts';
