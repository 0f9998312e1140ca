import { competition, identity } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { dataOf, isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import { sql } from 'kysely';
import type { ScoringDb } from '../db/tables.ts';

const t = (trx: Db) => trx.withSchema('scoring') as ScoringDb;

/** What scoring needs to know of competitions: limits, time zone and phases. */
export const competitionsMirror = defineProjection({
  name: 'scoring.competitions',
  schema: 'scoring',
  tables: ['competitions', 'registrations'],
  streamTypes: [competition.CompetitionCreated.aggregate, competition.ParticipantSignedUp.aggregate],
  async apply(trx, event) {
    switch (event.type) {
      case competition.CompetitionCreated.type: {
        const data = dataOf(competition.CompetitionCreated, event);
        await t(trx)
          .insertInto('competitions')
          .values({
            competition_id: data.competitionId,
            settings: JSON.stringify(data.settings) as never,
            phases: '{}' as never,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      case competition.CompetitionUpdated.type: {
        const data = dataOf(competition.CompetitionUpdated, event);
        await sql`update scoring.competitions set settings = settings || ${JSON.stringify(data.changes)}::jsonb
          where competition_id = ${data.competitionId}`.execute(trx);
        return;
      }
      case competition.PhaseScheduled.type: {
        const data = dataOf(competition.PhaseScheduled, event);
        // A new schedule keeps the phase's run limits (set apart: PhaseRunLimitsSet).
        await sql`update scoring.competitions set phases = jsonb_set(phases, ${sql.lit(`{${String(data.phase)}}`)},
          ${JSON.stringify({ startsAt: data.startsAt, endsAt: data.endsAt, override: null })}::jsonb
            || jsonb_strip_nulls(jsonb_build_object('runLimits', phases -> ${String(data.phase)} -> 'runLimits')))
          where competition_id = ${data.competitionId}`.execute(trx);
        return;
      }
      case competition.PhaseRunLimitsSet.type: {
        const data = dataOf(competition.PhaseRunLimitsSet, event);
        await sql`update scoring.competitions set phases = jsonb_set(phases, ${sql.lit(`{${String(data.phase)},runLimits}`)},
          ${JSON.stringify(data.limits)}::jsonb)
          where competition_id = ${data.competitionId} and phases ? ${String(data.phase)}`.execute(trx);
        return;
      }
      case competition.PhaseOpened.type:
      case competition.PhaseClosed.type: {
        const data = dataOf([competition.PhaseOpened, competition.PhaseClosed], event);
        await sql`update scoring.competitions set phases = jsonb_set(phases, ${sql.lit(`{${String(data.phase)},override}`)},
          ${JSON.stringify(event.type === competition.PhaseOpened.type ? 'open' : 'closed')}::jsonb)
          where competition_id = ${data.competitionId} and phases ? ${String(data.phase)}`.execute(trx);
        // When it first opened by hand (maybe before its scheduled start): submissions began then.
        if (event.type === competition.PhaseOpened.type)
          await sql`update scoring.competitions set phases = jsonb_set(phases, ${sql.lit(`{${String(data.phase)},openedAt}`)},
            ${JSON.stringify(event.occurredAt)}::jsonb)
            where competition_id = ${data.competitionId} and phases ? ${String(data.phase)}
              and not (phases -> ${String(data.phase)} ? 'openedAt')`.execute(trx);
        return;
      }
      case competition.ParticipantSignedUp.type: {
        const data = dataOf(competition.ParticipantSignedUp, event);
        await t(trx)
          .insertInto('registrations')
          .values({ competition_id: data.competitionId, account_id: data.accountId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
    }
  },
  async reset(trx) {
    await t(trx).deleteFrom('competitions').execute();
    await t(trx).deleteFrom('registrations').execute();
  },
});

/**
 * Names and organisations for leaderboard rows, from identity's account events. Personal fields arrive
 * opened (null once the person's data is deleted: decision 0017); a deleted person keeps a row, blank
 * and marked, so boards show a deleted user.
 */
export const peopleMirror = defineProjection({
  name: 'scoring.people',
  schema: 'scoring',
  tables: ['people'],
  streamTypes: [identity.AccountRegistered.aggregate],
  async apply(trx, event) {
    if (isEvent(identity.AccountRegistered, event)) {
      const { data } = event;
      await t(trx)
        .insertInto('people')
        .values({ account_id: data.accountId, username: data.username ?? '' })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else if (isEvent(identity.ProfileUpdated, event)) {
      const { data } = event;
      if (data.changes?.organization !== undefined) {
        await t(trx)
          .updateTable('people')
          .set({ organization: data.changes.organization })
          .where('account_id', '=', data.accountId)
          .execute();
      }
    } else if (isEvent(identity.AccountDeleted, event)) {
      const { accountId } = event.data;
      await t(trx)
        .updateTable('people')
        .set({ username: '', organization: null, deleted: true })
        .where('account_id', '=', accountId)
        .execute();
    }
  },
  async reset(trx) {
    await t(trx).deleteFrom('people').execute();
  },
});
