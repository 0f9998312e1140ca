/** Whether `<app>/dist` is missing or older than what it is built from (app-build.mjs). */
export function appBuildIsStale(app: 'web-portal' | 'ops-console'): boolean;
