export * from './team.ts';
export * from './notices.ts';
export * as responses from './responses.ts';
