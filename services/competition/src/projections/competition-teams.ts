import { team } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import type { Kysely } from 'kysely';
import type { CompetitionTables } from '../db/tables.ts';

const table = (trx: Db) => trx.withSchema('competition') as Kysely<CompetitionTables>;

/**
 * The teams of each competition, learnt from the team service's events: a team counts from its creation
 * until it is disbanded by its owner or dissolved by an operator (its members then compete alone, and a
 * participant alone is not a team). The competition cards show the count beside the entrants.
 */
export const competitionTeamsProjection = defineProjection({
  name: 'competition.competition-teams',
  schema: 'competition',
  tables: ['competition_teams'],
  streamTypes: [team.TeamCreated.aggregate],
  async apply(trx, event) {
    if (isEvent(team.TeamCreated, event)) {
      await table(trx)
        .insertInto('competition_teams')
        .values({
          team_id: event.data.teamId,
          competition_id: event.data.competitionId,
          created_at: new Date(event.occurredAt),
        })
        .onConflict((oc) => oc.column('team_id').doNothing())
        .execute();
    } else if (isEvent(team.TeamDisbanded, event) || isEvent(team.TeamDissolved, event)) {
      await table(trx).deleteFrom('competition_teams').where('team_id', '=', event.data.teamId).execute();
    }
  },
  async reset(trx) {
    await table(trx).deleteFrom('competition_teams').execute();
  },
});
