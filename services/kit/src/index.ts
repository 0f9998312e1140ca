// The whole kit in one name, as before the subpaths (decision 0042). New code imports a subpath
// (`@sais/kit/eventstore`, `@sais/kit/http`, …); services/kit/README.md maps them.
export * from './errors.ts';
export * from './time.ts';
export * from './idle-loop.ts';
export * from './crypto.ts';
export * from './db/index.ts';
export * from './eventstore/index.ts';
export * from './messaging/index.ts';
export * from './projections/index.ts';
export * from './http/index.ts';
export * from './runtime/index.ts';
export * from './keys/index.ts';
export * from './integrity/index.ts';
export * from './transparency/index.ts';
export * from './observability/index.ts';
export * from './personal/index.ts';
export * from './calendar/index.ts';
