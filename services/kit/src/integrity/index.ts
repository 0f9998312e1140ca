// Integrity signals (library).
export * from './signals.ts';
