import { defineService } from '@sais/kit/platform';
import { teamMigrations } from './db/migrations.ts';
import { teamAdminRoutes } from './http/admin-routes.ts';
import { teamReadRoutes } from './http/read-routes.ts';
import { teamCommandRoutes } from './http/routes.ts';
import { accountsMirror } from './mirrors/accounts.ts';
import { competitionsMirror } from './mirrors/competitions.ts';
import { signupsMirror } from './mirrors/signups.ts';
import { submissionQuotaMirror } from './mirrors/submission-quota.ts';
import { Teams } from './teams/commands.ts';
import { teamStateCheck } from './state-check.ts';
import { TeamDirectory } from './teams/directory.ts';
import { TeamViews } from './teams/views.ts';

/**
 * The team service: teams, members, join and leave applications. What it needs from the competition
 * and identity services it keeps in mirror tables, each fed by its own projection (consumer group).
 */
export const teamService = defineService({
  name: 'team',
  schema: 'team',
  prefixes: ['/api/team', '/api/admin/teams'],
  migrations: teamMigrations,
  projections: () => [competitionsMirror, signupsMirror, accountsMirror, submissionQuotaMirror],
  stateChecks: [teamStateCheck],
  async routes(app, { appended }) {
    const { database: db, store } = app;
    const http = { teams: new Teams(db, store, appended), views: new TeamViews(db, store) };
    await teamReadRoutes(app, http);
    await teamCommandRoutes(app, http);
    await app.register(teamAdminRoutes, { ...http, directory: new TeamDirectory(db, store, http.views) });
  },
});

export { teamMigrations } from './db/migrations.ts';
export { teamCodes } from './errors.ts';
export { teamStateCheck } from './state-check.ts';
