// Transparency checkpoints: formats and verification shared by the services, the tools and the portal.
export * from './bytes.ts';
export * from './merkle.ts';
export * from './note.ts';
export * from './event-leaf.ts';
export * from './inclusion.ts';
export * from './cosignature.ts';
