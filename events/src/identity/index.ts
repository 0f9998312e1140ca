export * from './account.ts';
export * from './session.ts';
export * from './code.ts';
export * from './verification.ts';
export * from './message.ts';
export * from './signal.ts';
export * from './token.ts';
export * as responses from './responses.ts';
export * as requests from './requests.ts';
