import { randomUUID } from 'node:crypto';
import { type EventMetadata, competition, scoring } from '@sais/events';
import { type Db, type EventStore, type StreamDecider, handleCommand } from '@sais/kit';
import { sql } from 'kysely';
import {
  type PublicationCommand,
  type PublicationEvent,
  type PublicationState,
  decidePublication,
  foldPublication,
  publicationDecider,
} from '../domain/publication.ts';
import { boardStream } from '../standings.ts';
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

  /** What the console shows: the rule, the pending proposal, the publication, and the history. */
  async status(competitionId: string, phase: string) {
    const [events, board] = await Promise.all([
      this.store.readStream(publicationStream(competitionId, phase)),
      this.store.readStream(boardStream(competitionId, phase)),
    ]);
    const state = foldPublication(events);
    const published = board[0];
    return {
      competitionId,
      phase,
      mode: await this.mode(competitionId),
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
    await this.seals.beforePublish(competitionId, phase, by, metadata);
    await this.#decide(competitionId, phase, { type: 'Approve', by, reason }, metadata);
    return this.status(competitionId, phase);
  }

  async withdraw(competitionId: string, phase: string, reason: string, by: string, metadata: EventMetadata) {
    await this.#decide(competitionId, phase, { type: 'Withdraw', by, reason }, metadata);
    return this.status(competitionId, phase);
  }
}
