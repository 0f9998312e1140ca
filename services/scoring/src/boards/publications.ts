import { randomUUID } from 'node:crypto';
import { type EventMetadata, competition, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { type EventStore, type StreamDecider, handleCommand } from '@sais/kit/eventstore';
import type { ScoringTables } from '../db/tables.ts';
import { sql } from 'kysely';
import {
  type PublicationFacts,
  type PublicationCommand,
  assertPublishable,
  type PublicationEvent,
  type PublicationState,
  decidePublication,
  foldPublication,
  publicationDecider,
} from './publication.ts';
import { boardStream } from './standings.ts';
import type { Seals } from './seals.ts';
import { scoringErrors } from '../errors.ts';

export const publicationStream = (competitionId: string, phase: string) =>
  `publication-${competitionId}-${phase}`;

export type ApprovalMode = ReturnType<typeof competition.publicationRuleOf>;

/**
 * Two people for final results (issue 19): per competition, publishing a phase's private leaderboard
 * takes a proposal by one operator and an approval by a different one (`finalResultsApproval`; by
 * default two operators when the competition has prize money). The approval publishes, in the same
 * transaction, the `PrivateLeaderboardPublished` event a one-operator competition appends directly.
 */
export class Publications {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly seals: Seals,
  ) {}

  /** The competition's rule, from the mirrored settings. */
  async mode(competitionId: string): Promise<ApprovalMode> {
    const row = await sql<{ approval: string | null; bonus: number | null }>`
      select settings->>'finalResultsApproval' as approval, (settings->>'bonus')::int as bonus
      from scoring.competitions where competition_id = ${competitionId}`.execute(this.db);
    const found = row.rows[0];
    const approval =
      found?.approval === 'two-operators' || found?.approval === 'one-operator' ? found.approval : null;
    return competition.publicationRuleOf({ finalResultsApproval: approval, bonus: found?.bonus ?? 0 });
  }

  /** Refuses a direct publish where two operators are needed. */
  async requireOneOperator(competitionId: string) {
    if ((await this.mode(competitionId)) === 'two-operators') throw scoringErrors.publicationNeedsTwo();
  }

  /**
   * The facts the phase rules read (issue 30), through `trx` when in a command: the competition's time
   * zone and this phase's schedule from the mirror, and how many of the phase's submissions are still
   * being scored or not yet on the board (the read model), so the board revealed is the one that stays.
   */
  async facts(competitionId: string, phase: string, trx: Db = this.db, now = new Date()) {
    const found = await sql<{
      settings: ScoringTables['competitions']['settings'];
      phases: ScoringTables['competitions']['phases'];
    }>`
      select settings, phases from scoring.competitions where competition_id = ${competitionId}`.execute(trx);
    const row = found.rows[0];
    const pending = row
      ? (
          await sql<{ n: number }>`select count(*)::int as n from scoring.submissions s
            left join scoring.board_submissions b on b.submission_id = s.submission_id
            where s.competition_id = ${competitionId} and s.phase = ${phase} and not s.smoke
              and (s.status in ('Waiting', 'Evaluating') or b.submission_id is null
                or (s.status = 'Completed' and (b.public_score is distinct from s.public_score
                  or b.private_score is distinct from s.private_score))
                or b.disqualified_reason is distinct from s.disqualified_reason)`.execute(trx)
        ).rows[0]!.n
      : 0;
    const window = row?.phases[phase];
    return {
      competition: row
        ? {
            timeZone: row.settings.timeZone,
            phase: window
              ? { startsAt: window.startsAt, endsAt: window.endsAt, override: window.override ?? null }
              : null,
          }
        : null,
      now,
      pending,
    } satisfies Omit<PublicationFacts, 'published'>;
  }

  /** Refuses (before anything is sealed) what the phase rules refuse: see `assertPublishable`. */
  async requirePublishable(competitionId: string, phase: string) {
    assertPublishable(phase, await this.facts(competitionId, phase));
  }

  /** What the console shows: the rule, the pending proposal, the publication, the phase's end, and the history. */
  async status(competitionId: string, phase: string) {
    const [events, board, facts] = await Promise.all([
      this.store.readStream(publicationStream(competitionId, phase)),
      this.store.readStream(boardStream(competitionId, phase)),
      this.facts(competitionId, phase),
    ]);
    const state = foldPublication(events);
    const published = board[0];
    const window = facts.competition?.phase ?? null;
    return {
      competitionId,
      phase,
      mode: await this.mode(competitionId),
      /** The phase rules (issue 30): when the phase ends, and from when its results can be published. */
      schedule: window
        ? {
            startsAt: new Date(window.startsAt).toISOString(),
            endsAt: new Date(window.endsAt).toISOString(),
            override: window.override,
            timeZone: facts.competition!.timeZone,
            ended: competition.phaseHasEnded(window, facts.now),
            publishableFrom: competition.publishableFrom(window, facts.now),
            pending: facts.pending,
          }
        : null,
      proposal:
        state.status === 'proposed' ? { ...state.proposal, proposedAt: events.at(-1)!.occurredAt } : null,
      published: published
        ? { at: published.occurredAt, by: published.actor.userId, role: published.actor.role }
        : null,
      history: events.map((event) => ({
        id: event.id,
        type: event.type,
        occurredAt: event.occurredAt,
        by: event.actor.userId,
        data: event.data,
      })),
    };
  }

  /**
   * Read → fold → decide → append through the kit's handler: the phase's board stream is the outside fact
   * (already published?), read in the handler's transaction so a lost race decides again on it; an
   * approval publishes the board in the same transaction.
   */
  async #decide(competitionId: string, phase: string, command: PublicationCommand, metadata: EventMetadata) {
    const board = boardStream(competitionId, phase);
    const decider: StreamDecider<PublicationCommand, PublicationState, PublicationEvent> = {
      ...publicationDecider,
      decide: async (command, state, trx) =>
        decidePublication(command, state, {
          published: (await this.store.readStream(board, { trx })).length > 0,
          ...(await this.facts(competitionId, phase, trx)),
        }),
    };
    const { events } = await handleCommand(
      this.store,
      decider,
      publicationStream(competitionId, phase),
      command,
      metadata,
      {
        alongside: async (trx, appended) => {
          if (appended[0]?.type !== scoring.PublicationApproved.type) return;
          await this.store.append(
            scoring.PrivateLeaderboardPublished.aggregate,
            board,
            'no_stream',
            [{ type: scoring.PrivateLeaderboardPublished.type, data: { competitionId, phase } }],
            metadata,
            { trx },
          );
        },
      },
    );
    return events[0]!;
  }

  /** An operator proposes; the ranking is sealed now unless it already is (the approver sees the seal). */
  async propose(competitionId: string, phase: string, reason: string, by: string, metadata: EventMetadata) {
    await this.#beforeSealing(competitionId, phase);
    await this.seals.beforePublish(competitionId, phase, by, metadata);
    const { seal } = await this.seals.status(competitionId, phase);
    await this.#decide(
      competitionId,
      phase,
      {
        type: 'Propose',
        competitionId,
        phase,
        proposalId: randomUUID(),
        by,
        reason,
        sealDigest: seal?.digest ?? null,
      },
      metadata,
    );
    return this.status(competitionId, phase);
  }

  /** A different operator approves: the ranking must still match its seal, then it is published. */
  async approve(competitionId: string, phase: string, reason: string, by: string, metadata: EventMetadata) {
    await this.#beforeSealing(competitionId, phase);
    await this.seals.beforePublish(competitionId, phase, by, metadata);
    await this.#decide(competitionId, phase, { type: 'Approve', by, reason }, metadata);
    return this.status(competitionId, phase);
  }

  /**
   * What is refused before the ranking is sealed: an unknown competition or phase, a phase not over, a
   * board still moving (the decider checks again in its transaction). Once published, the decider's
   * `resultsFinal` answers instead.
   */
  async #beforeSealing(competitionId: string, phase: string) {
    if ((await this.store.readStream(boardStream(competitionId, phase))).length > 0) return;
    await this.requirePublishable(competitionId, phase);
  }

  async withdraw(competitionId: string, phase: string, reason: string, by: string, metadata: EventMetadata) {
    // An unknown competition has no proposal either, but "no such competition" is what is wrong (issue 35).
    await this.seals.requireCompetition(competitionId);
    await this.#decide(competitionId, phase, { type: 'Withdraw', by, reason }, metadata);
    return this.status(competitionId, phase);
  }
}
