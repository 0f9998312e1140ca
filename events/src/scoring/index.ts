export * from './submission.ts';
export * from './ground-truth.ts';
export * from './board.ts';
export * from './notices.ts';
