import { createHash } from 'node:crypto';
import { type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import type { ScoringDb } from '../db/tables.ts';
import { type Admitted, SubmissionCommands, type Submissions, descriptionOf } from '../submissions/index.ts';
import type { CredentialVault } from './credentials.ts';
import { checkContainerRequest } from './reference.ts';
import { judgeRegistry } from './registry-policy.ts';
import { scoringErrors } from '../errors.ts';

export interface ContainerRequest {
  competitionId: string;
  accountId: string;
  image: string;
  username?: string;
  password?: string;
  configPath?: string;
  confirmStop?: boolean;
  /** The submitter's message (checked by `descriptionOf`). */
  description?: string;
  /** A smoke run (decision 0049): the smoke split only, full log, its own daily cap, never ranked. */
  smoke?: boolean;
}

/** The verdict of a run stopped for a newer code submission of its team. */
export const stoppedVerdict = scoring.fileRefusal('runSuperseded', {});

/**
 * Container-image submissions: checked like result files (kind accepted, sign-up, open phase, daily
 * allowance), plus one run per team at a time. The credentials are sealed at rest; the runner deletes them
 * after the pull.
 */
export class ContainerSubmissions {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly submissions: Submissions,
    private readonly vault: () => Promise<CredentialVault>,
  ) {}

  async receive(request: ContainerRequest, metadata: EventMetadata) {
    const { image, credentials, configPath } = checkContainerRequest(request);
    const description = descriptionOf(request.description);
    const smoke = request.smoke === true;
    const admission = { competitionId: request.competitionId, accountId: request.accountId, smoke };
    // Who may submit here is known before the image's registry is looked up (a DNS query).
    await this.submissions.precheck({ ...admission, kind: 'container-image' });
    await this.#refuseLocalRegistry(request.competitionId, image);
    const vault = credentials ? await this.vault() : null;
    return this.submissions.admit({ ...admission, kind: 'container-image' }, async (trx, admitted) => {
      await this.#stopPrevious(trx, admitted, request, metadata);
      await this.submissions.record(
        trx,
        admitted,
        request,
        { fileName: image, size: 0, sha256: createHash('sha256').update(image).digest('hex') },
        metadata,
        { kind: 'container', image, configPath, ...(description ? { description } : {}) },
      );
      await (trx.withSchema('scoring') as ScoringDb)
        .insertInto('container_runs')
        .values({
          submission_id: admitted.submissionId,
          competition_id: request.competitionId,
          team_id: admitted.teamId,
          image,
          config_path: configPath,
          credentials: vault && credentials ? vault.seal(admitted.submissionId, credentials) : null,
          created_at: admitted.now,
          smoke,
        })
        .execute();
    });
  }

  /**
   * Refuses an image whose registry is on loopback, a private or link-local network or this host,
   * unless the competition's operator allows that registry (registry-policy.ts). The answer is a fixed
   * sentence: it does not say what answers at that address.
   */
  async #refuseLocalRegistry(competitionId: string, image: string) {
    const row = await (this.db.withSchema('scoring') as ScoringDb)
      .selectFrom('competitions')
      .select('settings')
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!row) return; // admission answered already
    const verdict = await judgeRegistry(image, row.settings.allowedRegistries);
    if (!verdict.allowed)
      throw scoringErrors.imageRegistryNotAllowed({
        data: { field: 'image' },
      });
  }

  /**
   * The team's unfinished container submission: refused without confirmation (40020); confirmed, it is
   * stopped (ContainerRunStopped) and Failed here, and its runner sees that at its next lease renewal.
   */
  async #stopPrevious(trx: Db, admitted: Admitted, request: ContainerRequest, metadata: EventMetadata) {
    const running = await (trx.withSchema('scoring') as ScoringDb)
      .selectFrom('container_runs as r')
      .innerJoin('submissions as s', 's.submission_id', 'r.submission_id')
      .select('r.submission_id')
      .where('r.competition_id', '=', request.competitionId)
      .where('r.team_id', '=', admitted.teamId)
      .where('s.status', 'in', ['Waiting', 'Evaluating'])
      .forUpdate('r')
      .execute();
    if (running.length === 0) return;
    if (request.confirmStop !== true)
      throw scoringErrors.previousRunStillRunning({
        data: { submissionIds: running.map((row) => row.submission_id) },
      });
    for (const { submission_id: submissionId } of running) {
      await (trx.withSchema('scoring') as ScoringDb)
        .updateTable('container_runs')
        .set({ run_state: null, lease_until: null, credentials: null })
        .where('submission_id', '=', submissionId)
        .execute();
      const stop = {
        type: 'StopRun' as const,
        stoppedBy: admitted.submissionId,
        stoppedByAccount: request.accountId,
        verdict: stoppedVerdict,
      };
      await new SubmissionCommands(this.db, this.store).handle(submissionId, stop, metadata, { trx });
    }
  }
}
