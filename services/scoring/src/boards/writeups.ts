/**
 * Write-ups (issue 37, decision 0047): after a phase's final results are published, an operator opens
 * write-ups (the prize places, a deadline); a member of a team ranked within those places on the sealed,
 * published private board submits the team's method (a title, a Markdown body, up to three files), and may
 * replace it until the deadline; an operator may hide one, with a reason. Events on the phase's stream
 * `writeups-<competitionId>-<phase>`, appended at the version read (one team's replacements and the
 * operators' calls cannot interleave unseen); the leaderboard projection keeps `scoring.writeup_phases`
 * and `scoring.writeups`. Files are kept on disk by id (as the competition's files are), their SHA-256 in
 * the event; the body is in the event itself, so the signed scoring log commits to every byte shown.
 * A team keeps the files of its latest write-up only: a replacement's commit removes the replaced files,
 * a refused append its own, and `sweepWriteUpFiles` (writeup-files.ts, hourly) what a crash between the
 * two left.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import { scoringErrors } from '../errors.ts';
import type { Leaderboards } from './leaderboards.ts';
import { boardStream } from './standings.ts';
import { filesOf, keepFiles, removeFiles } from './writeup-files.ts';
import { foldWriteUps } from './writeup-events.ts';

export { foldWriteUps, recordWriteUp } from './writeup-events.ts';

export const writeUpsStream = (competitionId: string, phase: string) => `writeups-${competitionId}-${phase}`;

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

type Row = {
  competition_id: string;
  phase: string;
  team_id: string;
  writeup_id: string;
  rank: number;
  seal_digest: string;
  title: string;
  body: string;
  body_sha256: string;
  files: unknown;
  submitted_at: Date;
  event_id: string;
  hidden_reason: string | null;
  team_name: string | null;
};

/** A refusal of the form: the field and the reason, in the envelope's `data`. */
export const writeUpRefused = (field: string, reason: string) =>
  scoringErrors.writeUpRefused({ data: { field, reason } });

export class WriteUps {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly boards: Leaderboards,
    /** Where the files are kept, by id (`<data>/files/writeups`). */
    private readonly directory: string,
  ) {}

  async #competition(competitionId: string) {
    const found =
      await sql`select 1 from scoring.competitions where competition_id = ${competitionId}`.execute(this.db);
    if (found.rows.length === 0) throw scoringErrors.competitionUnknown();
  }

  /** The seal of a published phase (its stream of final results non-empty), or 40150. */
  async #publishedSeal(competitionId: string, phase: string) {
    await this.#competition(competitionId);
    const published = (await this.store.readStream(boardStream(competitionId, phase))).length > 0;
    const seal = published ? await this.boards.sealOf(competitionId, phase) : null;
    if (!seal) throw scoringErrors.writeUpsNotPublished({ data: { phase } });
    return seal;
  }

  /** Separation of duties (issue 19): an operator on a team of the competition, or who submitted, may not. */
  async #notCompeting(competitionId: string, accountId: string) {
    const own = await sql<{ n: number }>`select
        (select count(*) from scoring.memberships where competition_id = ${competitionId} and account_id = ${accountId})
        + (select count(*) from scoring.submissions where competition_id = ${competitionId}
            and (submitter_id = ${accountId} or team_id = ${accountId}::text)) as n`.execute(this.db);
    if (Number(own.rows[0]!.n) > 0) throw scoringErrors.writeUpOwnCompetition();
  }

  async open(
    input: { competitionId: string; phase: string; places: number; deadline: string },
    accountId: string,
    metadata: EventMetadata,
  ) {
    const { competitionId, phase, places, deadline } = input;
    const seal = await this.#publishedSeal(competitionId, phase);
    await this.#notCompeting(competitionId, accountId);
    const stream = writeUpsStream(competitionId, phase);
    const history = await this.store.readStream(stream);
    const data: scoring.WriteUpsOpenedData = {
      competitionId,
      phase,
      places,
      deadline: new Date(deadline).toISOString(),
      sealDigest: seal.digest,
      openedBy: accountId,
    };
    await this.store.append(
      scoring.WriteUpsOpened.aggregate,
      stream,
      history.length === 0 ? 'no_stream' : history.length,
      [{ type: scoring.WriteUpsOpened.type, data }],
      metadata,
    );
    return data;
  }

  async submit(
    input: {
      competitionId: string;
      phase: string;
      title: string;
      body: string;
      files: { name: string; bytes: Buffer }[];
    },
    accountId: string,
    teamId: string,
    metadata: EventMetadata,
  ) {
    const { competitionId, phase, title, body, files } = input;
    const seal = await this.#publishedSeal(competitionId, phase);
    const stream = writeUpsStream(competitionId, phase);
    const history = await this.store.readStream(stream);
    const { opened, teams } = foldWriteUps(history);
    if (!opened) throw scoringErrors.writeUpsNotOpen({ data: { phase } });
    if (Date.now() > Date.parse(opened.deadline))
      throw scoringErrors.writeUpsClosed({ data: { deadline: opened.deadline } });
    const rank = (await this.boards.ranking(competitionId, phase)).find((row) => row.teamId === teamId)?.rank;
    if (rank === undefined || rank > opened.places)
      throw scoringErrors.writeUpNotPrizePlace({ data: { places: opened.places, rank: rank ?? null } });
    if (teams.get(teamId)?.hidden) throw scoringErrors.writeUpHidden();
    if (files.length > scoring.writeUpLimits.filesMax)
      throw writeUpRefused('files', `at most ${scoring.writeUpLimits.filesMax} files`);
    if (new Set(files.map((file) => file.name)).size !== files.length)
      throw writeUpRefused('files', 'two files of the same name');
    const kept = await keepFiles(this.directory, files);
    const data: scoring.WriteUpSubmittedData = {
      writeUpId: randomUUID(),
      competitionId,
      phase,
      teamId,
      rank,
      sealDigest: seal.digest,
      title,
      body,
      bodySha256: sha256(body),
      files: kept,
      submittedBy: accountId,
    };
    let event;
    try {
      [event] = await this.store.append(
        scoring.WriteUpSubmitted.aggregate,
        stream,
        history.length,
        [{ type: scoring.WriteUpSubmitted.type, data }],
        metadata,
      );
    } catch (error) {
      // Not recorded (another call of the phase came first): its files are nobody's.
      await removeFiles(this.directory, kept);
      throw error;
    }
    // Recorded: the replaced write-up's files are no longer shown to anyone.
    await removeFiles(this.directory, teams.get(teamId)?.writeUp.files ?? []);
    return {
      ...data,
      submittedAt: new Date(event!.occurredAt).toISOString(),
      eventId: event!.id,
      eventHash: event!.hash,
    };
  }

  async hide(
    input: { competitionId: string; phase: string; teamId: string; reason: string },
    accountId: string,
    metadata: EventMetadata,
  ) {
    const { competitionId, phase, teamId, reason } = input;
    await this.#competition(competitionId);
    await this.#notCompeting(competitionId, accountId);
    const stream = writeUpsStream(competitionId, phase);
    const history = await this.store.readStream(stream);
    const team = foldWriteUps(history).teams.get(teamId);
    if (!team || team.hidden) throw scoringErrors.writeUpUnknown();
    await this.store.append(
      scoring.WriteUpHidden.aggregate,
      stream,
      history.length,
      [
        {
          type: scoring.WriteUpHidden.type,
          data: {
            writeUpId: team.writeUp.writeUpId,
            competitionId,
            phase,
            teamId,
            hiddenBy: accountId,
            reason,
          },
        },
      ],
      metadata,
    );
    return { writeUpId: team.writeUp.writeUpId, hidden: true as const };
  }

  async #rows(competitionId: string, where = sql`true`) {
    return (
      // A team's name, or a solo participant's username (their team id is their account id).
      (
        await sql<Row>`select w.*, coalesce(
          (select min(m.team_name) from scoring.memberships m where m.team_id = w.team_id),
          (select p.username from scoring.people p where p.account_id::text = w.team_id)) as team_name
        from scoring.writeups w where w.competition_id = ${competitionId} and ${where}
        order by w.phase, w.rank, w.team_id`.execute(this.db)
      ).rows
    );
  }

  #view(row: Row, staff: boolean) {
    return {
      writeUpId: row.writeup_id,
      phase: row.phase,
      teamId: row.team_id,
      teamName: row.team_name,
      rank: row.rank,
      title: row.title,
      bodySha256: row.body_sha256,
      sealDigest: row.seal_digest,
      files: filesOf(row.files),
      submittedAt: new Date(row.submitted_at).toISOString(),
      eventId: row.event_id,
      hidden: row.hidden_reason !== null,
      // The reason is the operators' note: shown to operators only.
      hiddenReason: staff ? row.hidden_reason : null,
    };
  }

  /**
   * The competition's write-ups, every opened phase: its places, deadline and seal, and the write-ups
   * (hidden ones to operators only). Public: anyone may read the competition's page.
   */
  async list(competitionId: string, staff: boolean) {
    await this.#competition(competitionId);
    const phases = await sql<{ phase: string; places: number; deadline: Date; seal_digest: string }>`
      select phase, places, deadline, seal_digest from scoring.writeup_phases
      where competition_id = ${competitionId} order by phase`.execute(this.db);
    const rows = (await this.#rows(competitionId)).filter((row) => staff || row.hidden_reason === null);
    return phases.rows.map((phase) => ({
      phase: phase.phase,
      places: phase.places,
      deadline: new Date(phase.deadline).toISOString(),
      sealDigest: phase.seal_digest,
      writeUps: rows.filter((row) => row.phase === phase.phase).map((row) => this.#view(row, staff)),
    }));
  }

  /** One write-up with its body and the event that recorded it (for its proof in the signed log). */
  async one(writeUpId: string, staff: boolean) {
    const row = (
      await sql<{ competition_id: string }>`select competition_id from scoring.writeups
        where writeup_id = ${writeUpId}`.execute(this.db)
    ).rows[0];
    const found = row
      ? (await this.#rows(row.competition_id, sql`w.writeup_id = ${writeUpId}`))[0]
      : undefined;
    if (!found || (!staff && found.hidden_reason !== null)) throw scoringErrors.writeUpUnknown();
    const event = (await this.store.readStream(writeUpsStream(found.competition_id, found.phase))).find(
      (one) => one.id === found.event_id,
    );
    return {
      ...this.#view(found, staff),
      competitionId: found.competition_id,
      body: found.body,
      eventHash: event?.hash ?? null,
    };
  }

  /** A file of a shown write-up (operators: of any), to be sent as a download. */
  async file(writeUpId: string, fileId: string, staff: boolean) {
    const { files } = await this.one(writeUpId, staff);
    const file = files.find((one) => one.fileId === fileId);
    if (!file) throw scoringErrors.writeUpUnknown();
    return { ...file, stream: () => createReadStream(join(this.directory, file.fileId)) };
  }
}
