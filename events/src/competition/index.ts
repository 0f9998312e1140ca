export * from './competition.ts';
export * from './phases.ts';
export * from './run-limits.ts';
export * from './registration.ts';
export * from './content.ts';
export * as responses from './responses.ts';
export * as requests from './requests.ts';
