// Working days of the mainland China calendar (library).
export * from './working-days.ts';
