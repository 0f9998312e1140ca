// Personal data: sealed fields and their keys (decision 0017; library).
export * from './keys.ts';
export * from './codec.ts';
