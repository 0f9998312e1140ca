export * from './team.ts';
export * from './notices.ts';
export * as responses from './responses.ts';
export * as requests from './requests.ts';
