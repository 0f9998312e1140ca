import { competition } from '@sais/events';
import { isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import type { z } from 'zod';
import { teamDb } from '../db/tables.ts';

type Settings = z.infer<typeof competition.CompetitionSettings>;

function teamSettings(settings: Partial<Settings>) {
  return {
    ...(settings.teamSizeLimit !== undefined && { team_size_limit: settings.teamSizeLimit }),
    ...(settings.teamFormingAttempts !== undefined && {
      team_forming_attempts: settings.teamFormingAttempts,
    }),
    ...(settings.teamMergeDeadline !== undefined && {
      team_merge_deadline: settings.teamMergeDeadline === null ? null : new Date(settings.teamMergeDeadline),
    }),
  };
}

/** The team rules of each competition (size limit, forming attempts, merge deadline). */
export const competitionsMirror = defineProjection({
  name: 'team.competitions',
  schema: 'team',
  tables: ['competitions'],
  streamTypes: [competition.CompetitionCreated.aggregate],
  async apply(trx, event) {
    if (isEvent(competition.CompetitionCreated, event)) {
      const { competitionId, settings } = event.data;
      const values = {
        competition_id: competitionId,
        team_merge_deadline: null,
        ...teamSettings(settings),
      } as const;
      await teamDb(trx)
        .insertInto('competitions')
        .values({
          team_size_limit: settings.teamSizeLimit,
          team_forming_attempts: settings.teamFormingAttempts,
          ...values,
        })
        .onConflict((oc) => oc.column('competition_id').doNothing())
        .execute();
    } else if (isEvent(competition.CompetitionUpdated, event)) {
      const { competitionId, changes } = event.data;
      const set = teamSettings(changes);
      if (Object.keys(set).length === 0) return;
      await teamDb(trx)
        .updateTable('competitions')
        .set(set)
        .where('competition_id', '=', competitionId)
        .execute();
    }
  },
  async reset(trx) {
    await teamDb(trx).deleteFrom('competitions').execute();
  },
});
