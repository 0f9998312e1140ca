export * from './team.ts';
export * from './notices.ts';
