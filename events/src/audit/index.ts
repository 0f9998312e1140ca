export * as responses from './responses.ts';
