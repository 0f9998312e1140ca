import { type EventMetadata, scoring } from '@sais/events';
import { ConcurrencyError } from '@sais/kit/errors';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import type { ScoringDb } from '../db/tables.ts';
import { bestFirst, finalSubmissions } from './ranking.ts';
import { boardOptionsOf } from './board-options.ts';
import { SubmissionCommands, scoringPhases } from '../submissions/index.ts';
import { scoringErrors } from '../errors.ts';

export const teamStream = (competitionId: string, teamId: string) =>
  `scoring-team-${competitionId}-${teamId}`;
export const boardStream = (competitionId: string, phase: string) => `leaderboard-${competitionId}-${phase}`;

interface SelectionRow {
  submission_id: string;
  phase: string;
  file_name: string;
  public_score: number | null;
  created_at: Date;
}

/**
 * A team's standing: its final selection for the private leaderboard, disqualifications, and the
 * operator's publication of final results. Each write is an event appended with the row it changes.
 */
export class Standings {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  #t(trx: Db = this.db) {
    return trx.withSchema('scoring') as ScoringDb;
  }

  async #published(competitionId: string, phase: string): Promise<boolean> {
    return (await this.store.readStream(boardStream(competitionId, phase))).length > 0;
  }

  async #metric(competitionId: string): Promise<string> {
    const row = await this.#t()
      .selectFrom('ground_truths')
      .select('metric')
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    return row?.metric ?? 'rmse';
  }

  /** Up to 2 Completed, not disqualified submissions of the team, all of one phase; [] = back to the default. */
  async selectFinal(
    request: {
      competitionId: string;
      teamId: string;
      accountId: string;
      submissionIds: string[];
      phase?: string;
    },
    metadata: EventMetadata,
  ) {
    const ids = [...new Set(request.submissionIds)];
    const invalid = (reason: string) => scoringErrors.finalSelectionInvalid({ data: { reason } });
    if (ids.length > scoring.finalSelectionLimit)
      throw invalid(`at most ${scoring.finalSelectionLimit} submissions`);
    // Only a competition and phase that exist: a selection for anything else would only grow the log.
    const competition = await this.#t()
      .selectFrom('competitions as c')
      .select((eb) => [
        'c.phases',
        eb
          .exists(
            eb
              .selectFrom('registrations as r')
              .select('r.account_id')
              .whereRef('r.competition_id', '=', 'c.competition_id')
              .where('r.account_id', '=', request.accountId),
          )
          .as('signed_up'),
      ])
      .where('c.competition_id', '=', request.competitionId)
      .executeTakeFirst();
    if (!competition) throw scoringErrors.competitionUnknown();
    if (!competition.signed_up) throw scoringErrors.notSignedUp();
    if (
      request.phase !== undefined &&
      !(scoringPhases.includes(request.phase) && competition.phases[request.phase])
    )
      throw invalid(`no phase ${request.phase} in this competition`);
    const rows = ids.length
      ? await this.#t()
          .selectFrom('submissions')
          .select(['submission_id', 'phase', 'status', 'team_id', 'disqualified_reason', 'smoke'])
          .where('competition_id', '=', request.competitionId)
          .where('submission_id', 'in', ids)
          .execute()
      : [];
    for (const id of ids) {
      const row = rows.find((r) => r.submission_id === id);
      if (!row || row.team_id !== request.teamId) throw invalid(`${id}: not a submission of your team`);
      if (row.smoke) throw invalid(`${id}: a smoke run is never ranked`);
      if (row.status !== 'Completed') throw invalid(`${id}: not Completed`);
      if (row.disqualified_reason) throw invalid(`${id}: disqualified`);
    }
    const phases = [...new Set(rows.map((r) => r.phase))];
    if (phases.length > 1) throw invalid('submissions of different phases');
    const phase =
      phases[0] ?? request.phase ?? (await this.#latestPhase(request.competitionId, request.teamId));
    if (!phase) throw invalid('no phase');
    if (request.phase && request.phase !== phase) throw invalid('submissions of another phase');
    if (await this.#published(request.competitionId, phase)) throw scoringErrors.finalSelectionClosed();
    await this.db.transaction().execute(async (trx) => {
      const key = { competition_id: request.competitionId, phase, team_id: request.teamId };
      await this.#t(trx)
        .deleteFrom('final_selections')
        .where('competition_id', '=', key.competition_id)
        .where('phase', '=', phase)
        .where('team_id', '=', key.team_id)
        .execute();
      if (ids.length > 0)
        await this.#t(trx)
          .insertInto('final_selections')
          .values({ ...key, submission_ids: ids, selected_by: request.accountId, selected_at: new Date() })
          .execute();
      await this.store.append(
        scoring.FinalSubmissionsSelected.aggregate,
        teamStream(request.competitionId, request.teamId),
        'any',
        [
          {
            type: scoring.FinalSubmissionsSelected.type,
            data: {
              competitionId: request.competitionId,
              phase,
              teamId: request.teamId,
              submissionIds: ids,
              selectedBy: request.accountId,
            },
          },
        ],
        metadata,
        { trx },
      );
    });
    // A phase the team has not submitted in yet has no selection to show (an empty choice was recorded).
    return (
      (await this.finalSelection(request.competitionId, request.teamId)).find((p) => p.phase === phase) ??
      null
    );
  }

  async #latestPhase(competitionId: string, teamId: string): Promise<string | null> {
    const row = await this.#t()
      .selectFrom('submissions')
      .select('phase')
      .where('competition_id', '=', competitionId)
      .where('team_id', '=', teamId)
      .where('smoke', '=', false)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row?.phase ?? null;
  }

  /**
   * Per phase the team submitted in: the submissions that go to the private leaderboard, and whether
   * they are the team's own choice or the default (its 2 best public scores, ties to the earlier).
   */
  async finalSelection(competitionId: string, teamId: string) {
    const metric = await this.#metric(competitionId);
    const completed = await this.#t()
      .selectFrom('submissions')
      .select(['submission_id', 'phase', 'file_name', 'public_score', 'created_at'])
      .where('competition_id', '=', competitionId)
      .where('team_id', '=', teamId)
      .where('status', '=', 'Completed')
      .where('disqualified_reason', 'is', null)
      .where('smoke', '=', false)
      .execute();
    const phases = await this.#t()
      .selectFrom('submissions')
      .select('phase')
      .distinct()
      .where('competition_id', '=', competitionId)
      .where('team_id', '=', teamId)
      .where('smoke', '=', false)
      .execute();
    const chosen = await this.#t()
      .selectFrom('final_selections')
      .select(['phase', 'submission_ids', 'selected_at'])
      .where('competition_id', '=', competitionId)
      .where('team_id', '=', teamId)
      .execute();
    // Secondary scores (decision 0046), from the boards' read model: the same chain picks the default finals.
    // prettier-ignore
    const scored = await this.#t().selectFrom('board_submissions').select(['submission_id', 'scores'])
      .where('competition_id', '=', competitionId).where('team_id', '=', teamId).execute();
    const pick = (row: (typeof scored)[number]) =>
      row.scores?.map((x) => ({ metric: x.metric, score: x.public }));
    const secondaryOf = new Map(scored.map((row) => [row.submission_id, pick(row)]));
    const options = await boardOptionsOf(this.db, competitionId);
    // A phase's organiser-chosen order (issue 37) picks the default finals as it ranks the board.
    // prettier-ignore
    const byPublic = (phase: string) => bestFirst<SelectionRow>({ metric: () => metric,
      score: (row) => row.public_score, submittedAt: (row) => row.created_at, key: (row) => row.submission_id,
      secondary: (row) => secondaryOf.get(row.submission_id) }, options.get(phase)?.order);
    const view = (row: SelectionRow) => ({
      submissionId: row.submission_id,
      fileName: row.file_name,
      score: row.public_score,
      submittedAt: new Date(row.created_at).toISOString(),
    });
    return Promise.all(
      phases.map(async ({ phase }) => {
        const mine = completed.filter((row) => row.phase === phase).sort(byPublic(phase));
        const explicit = chosen.find((row) => row.phase === phase);
        const { submissions, isDefault } = finalSubmissions(
          mine,
          explicit?.submission_ids,
          (row) => row.submission_id,
        );
        // A blind or Ladder phase (decision 0045): no public score, and the default is not named (which
        // two are best would tell the true order the Ladder hides).
        const hidden = (options.get(phase)?.blind || options.get(phase)?.ladderStep != null) ?? false;
        return {
          phase,
          default: isDefault,
          submissions: hidden
            ? isDefault
              ? []
              : submissions.map((row) => ({ ...view(row), score: null }))
            : submissions.map(view),
          selectedAt: explicit && !isDefault ? new Date(explicit.selected_at).toISOString() : null,
          closed: await this.#published(competitionId, phase),
        };
      }),
    );
  }

  /** Publishes a phase's private leaderboard; publishing again changes nothing. */
  async publish(competitionId: string, phase: string, metadata: EventMetadata) {
    try {
      const [event] = await this.store.append(
        scoring.PrivateLeaderboardPublished.aggregate,
        boardStream(competitionId, phase),
        'no_stream',
        [{ type: scoring.PrivateLeaderboardPublished.type, data: { competitionId, phase } }],
        metadata,
      );
      return { competitionId, phase, publishedAt: event!.occurredAt, alreadyPublished: false };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      const [event] = await this.store.readStream(boardStream(competitionId, phase));
      return { competitionId, phase, publishedAt: event!.occurredAt, alreadyPublished: true };
    }
  }

  async disqualifySubmission(submissionId: string, reason: string, metadata: EventMetadata) {
    const row = await this.#t()
      .selectFrom('submissions')
      .select(['disqualified_reason'])
      .where('submission_id', '=', submissionId)
      .executeTakeFirst();
    if (!row) throw scoringErrors.submissionNotFound();
    if (row.disqualified_reason) throw scoringErrors.alreadyDisqualified();
    await new SubmissionCommands(this.db, this.store).handle(
      submissionId,
      { type: 'Disqualify', reason },
      metadata,
    );
    return { submissionId, disqualifiedReason: reason };
  }

  async disqualifyTeam(competitionId: string, teamId: string, reason: string, metadata: EventMetadata) {
    const known = await sql<{ n: number }>`select count(*)::int as n from scoring.submissions
      where competition_id = ${competitionId} and team_id = ${teamId}`.execute(this.db);
    if (!known.rows[0]!.n) throw scoringErrors.teamHasNoSubmissions();
    await this.db.transaction().execute(async (trx) => {
      const inserted = await this.#t(trx)
        .insertInto('team_disqualifications')
        .values({ competition_id: competitionId, team_id: teamId, reason, disqualified_at: new Date() })
        .onConflict((oc) => oc.doNothing())
        .returning('team_id')
        .executeTakeFirst();
      if (!inserted) throw scoringErrors.alreadyDisqualified();
      await this.store.append(
        scoring.TeamDisqualified.aggregate,
        teamStream(competitionId, teamId),
        'any',
        [{ type: scoring.TeamDisqualified.type, data: { competitionId, teamId, reason } }],
        metadata,
        { trx },
      );
    });
    return { competitionId, teamId, disqualifiedReason: reason };
  }
}
