// HTTP: the Fastify app, envelope, errors, auth checks, limits (library).
export * from './app.ts';
export * from './decorators.ts';
export * from './security.ts';
export * from './write-limits.ts';
export * from './principal.ts';
export * from './require-principal.ts';
export * from './access-tokens.ts';
export * from './staff-routes.ts';
export * from './nul.ts';
export * from './remembered-query.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './shutdown.ts';
export * from './simple-rest.ts';
export * from './request-metadata.ts';
