export * as responses from './responses.ts';
export * as requests from './requests.ts';
