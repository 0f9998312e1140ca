import {
  type EventMetadata,
  scoring,
  sealAlgorithm,
  sealCanonicalForm,
  sealDigest,
  sealFormOf,
} from '@sais/events';
import { ConcurrencyError } from '@sais/kit/errors';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import { type Leaderboards, orderOf } from './leaderboards.ts';
import { boardStream } from './standings.ts';
import { scoringErrors } from '../errors.ts';

export const sealStream = (competitionId: string, phase: string) =>
  `leaderboard-seal-${competitionId}-${phase}`;

const finalError = () => scoringErrors.resultsFinal();

/**
 * Sealed final results (docs/decisions/0008-integrity-tools.md): before the reveal an operator seals a
 * phase's private leaderboard, i.e. records the SHA-256 of its canonical form v1 (events/src/seal.ts).
 * Sealing again is allowed until publication; publishing needs the current ranking to match the seal
 * (without any seal, publishing seals first); after publication the ranking can no longer change.
 */
export class Seals {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly boards: Leaderboards,
  ) {}

  /** The canonical text and digest of a phase's private ranking as the read model holds it now; null when empty. */
  async #compute(competitionId: string, phase: string) {
    const rows = await this.boards.ranking(competitionId, phase);
    if (rows.length === 0) return null;
    const metric = rows[0]!.metric;
    // Secondary metric columns (decision 0046): form v2, which digests them and the order's steps too.
    const columns = await this.boards.columns(competitionId);
    // The stated steps, as the pages give them: an organiser-chosen order first (issue 37).
    const order = orderOf(metric, columns, (await this.boards.options(competitionId, phase)).order).steps;
    const text = sealCanonicalForm({ competitionId, phase, metric, rows, columns, order });
    return { metric, rows: rows.length, text, digest: await sealDigest(text), form: sealFormOf(columns) };
  }

  async current(competitionId: string, phase: string) {
    const computed = await this.#compute(competitionId, phase);
    if (!computed) throw scoringErrors.sealNothingToSeal();
    return computed;
  }

  /** The recorded seal and the digest of the ranking now, for the console. */
  async status(competitionId: string, phase: string) {
    const computed = await this.#compute(competitionId, phase);
    return {
      seal: await this.boards.sealOf(competitionId, phase),
      current: computed ? { digest: computed.digest, rows: computed.rows, metric: computed.metric } : null,
      published: await this.#published(competitionId, phase),
    };
  }

  async isPublished(competitionId: string, phase: string): Promise<boolean> {
    return this.#published(competitionId, phase);
  }

  async #published(competitionId: string, phase: string): Promise<boolean> {
    return (await this.store.readStream(boardStream(competitionId, phase))).length > 0;
  }

  /** "No such competition" before anything about its board (issue 35: an empty board said "no rows yet"). */
  async requireCompetition(competitionId: string) {
    const found =
      await sql`select 1 from scoring.competitions where competition_id = ${competitionId}`.execute(this.db);
    if (found.rows.length === 0) throw scoringErrors.competitionUnknown();
  }

  async seal(competitionId: string, phase: string, sealedBy: string, metadata: EventMetadata) {
    await this.requireCompetition(competitionId);
    if (await this.#published(competitionId, phase)) throw finalError();
    const { metric, rows, digest, form: sealForm } = await this.current(competitionId, phase);
    const sealedAt = new Date();
    await this.db.transaction().execute(async (trx) => {
      await this.store.append(
        scoring.PrivateLeaderboardSealed.aggregate,
        sealStream(competitionId, phase),
        'any',
        [
          {
            type: scoring.PrivateLeaderboardSealed.type,
            data: {
              competitionId,
              phase,
              metric,
              rows,
              digest,
              algorithm: sealAlgorithm,
              form: sealForm,
              sealedBy,
            },
          },
        ],
        metadata,
        { trx },
      );
      await sql`insert into scoring.board_seals
          (competition_id, phase, metric, rows, digest, algorithm, form, sealed_by, sealed_at)
        values (${competitionId}, ${phase}, ${metric}, ${rows}, ${digest}, ${sealAlgorithm}, ${sealForm}, ${sealedBy}, ${sealedAt})
        on conflict (competition_id, phase) do update set metric = excluded.metric, rows = excluded.rows,
          digest = excluded.digest, algorithm = excluded.algorithm, form = excluded.form,
          sealed_by = excluded.sealed_by, sealed_at = excluded.sealed_at`.execute(trx);
      // Pages cache per change counter: bump it so open pages show the seal (and live updates fire).
      await sql`insert into scoring.board_versions (competition_id, version, changed_at) values (${competitionId}, 1, ${sealedAt})
        on conflict (competition_id) do update set version = scoring.board_versions.version + 1,
          changed_at = excluded.changed_at`.execute(trx);
    });
    return { competitionId, phase, metric, rows, digest, algorithm: sealAlgorithm, form: sealForm, sealedAt };
  }

  /**
   * Before publishing: the ranking about to be revealed must be the sealed one (40042 otherwise, seal
   * again); a phase never sealed is sealed now, by the publisher. Publishing again changes nothing.
   */
  async beforePublish(competitionId: string, phase: string, sealedBy: string, metadata: EventMetadata) {
    if (await this.#published(competitionId, phase)) return;
    let sealed = await this.boards.sealOf(competitionId, phase);
    if (!sealed) {
      try {
        await this.seal(competitionId, phase, sealedBy, metadata);
        return;
      } catch (error) {
        // Another operator sealed at the same moment (both proposing): their seal stands if it is this ranking's.
        if (!(error instanceof ConcurrencyError)) throw error;
        sealed = await this.boards.sealOf(competitionId, phase);
        if (!sealed) throw error;
      }
    }
    const { digest } = await this.current(competitionId, phase);
    if (digest !== sealed.digest)
      throw scoringErrors.sealStale({
        data: { sealed: sealed.digest, current: digest },
      });
  }

  /** Refuses a change (rescore, disqualification) of a phase whose sealed results are published. */
  async guardPhases(competitionId: string, phase?: string) {
    const phases = phase
      ? [phase]
      : (
          await sql<{ phase: string }>`select distinct phase from scoring.submissions
            where competition_id = ${competitionId}`.execute(this.db)
        ).rows.map((row) => row.phase);
    for (const one of phases) if (await this.#published(competitionId, one)) throw finalError();
  }

  async guardSubmission(submissionId: string) {
    const row = await sql<{ competition_id: string; phase: string }>`select competition_id, phase
      from scoring.submissions where submission_id = ${submissionId}`.execute(this.db);
    if (row.rows[0]) await this.guardPhases(row.rows[0].competition_id, row.rows[0].phase);
  }

  async guardTeam(competitionId: string, teamId: string) {
    const phases = await sql<{ phase: string }>`select distinct phase from scoring.submissions
      where competition_id = ${competitionId} and team_id = ${teamId}`.execute(this.db);
    for (const { phase } of phases.rows) await this.guardPhases(competitionId, phase);
  }
}
