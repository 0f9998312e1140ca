// The event store: append, read, command handling, typed events (library).
export * from './canonical.ts';
export * from './command-handler.ts';
export * from './event-store.ts';
export * from './migrations.ts';
export * from './typed-events.ts';
