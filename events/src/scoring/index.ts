export * from './submission.ts';
export * from './ground-truth.ts';
