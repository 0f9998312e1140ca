// Signing keys of the platform (library).
export * from './keys.ts';
