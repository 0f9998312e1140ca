export * from './define.ts';
export * from './envelope.ts';
export * from './registry.ts';
export * from './messages.ts';
export * as identity from './identity/index.ts';
export * as competition from './competition/index.ts';
export * as scoring from './scoring/index.ts';
export * as team from './team/index.ts';
export * from './validation.ts';
