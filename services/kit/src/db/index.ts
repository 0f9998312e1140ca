// Database: opening PostgreSQL or PGlite, migrations, advisory locks (library).
export * from './database.ts';
export * from './lock.ts';
export * from './migrate.ts';
export * from './unavailable.ts';
