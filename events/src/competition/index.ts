export * from './competition.ts';
export * from './registration.ts';
