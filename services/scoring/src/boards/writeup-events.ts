/**
 * The write-ups' events as read (decision 0047): what a phase's stream leaves (`foldWriteUps`, for the
 * calls' checks) and the leaderboard projection's apply to `scoring.writeup_phases` / `scoring.writeups`.
 */
import { type EventEnvelope, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { dataOf, isEvent } from '@sais/kit/eventstore';
import { sql } from 'kysely';

/** What a phase's stream leaves: its opening (the latest) and each team's latest write-up and hiding. */
export function foldWriteUps(history: readonly EventEnvelope[]) {
  let opened: scoring.WriteUpsOpenedData | null = null;
  const teams = new Map<string, { writeUp: scoring.WriteUpSubmittedData; hidden: string | null }>();
  for (const event of history) {
    if (isEvent(scoring.WriteUpsOpened, event)) opened = event.data;
    else if (isEvent(scoring.WriteUpSubmitted, event))
      teams.set(event.data.teamId, { writeUp: event.data, hidden: null });
    else if (isEvent(scoring.WriteUpHidden, event)) {
      const team = teams.get(event.data.teamId);
      if (team) team.hidden = event.data.reason;
    }
  }
  return { opened, teams };
}

/** The projection's apply of a write-up's events (decision 0047). */
export async function recordWriteUp(trx: Db, event: EventEnvelope): Promise<void> {
  if (isEvent(scoring.WriteUpsOpened, event)) {
    const data = dataOf(scoring.WriteUpsOpened, event);
    await sql`insert into scoring.writeup_phases (competition_id, phase, places, deadline, seal_digest)
      values (${data.competitionId}, ${data.phase}, ${data.places}, ${new Date(data.deadline)}, ${data.sealDigest})
      on conflict (competition_id, phase) do update set places = excluded.places, deadline = excluded.deadline,
        seal_digest = excluded.seal_digest`.execute(trx);
  } else if (isEvent(scoring.WriteUpSubmitted, event)) {
    const data = dataOf(scoring.WriteUpSubmitted, event);
    await sql`insert into scoring.writeups (competition_id, phase, team_id, writeup_id, rank, seal_digest, title,
        body, body_sha256, files, submitted_by, submitted_at, event_id, hidden_reason)
      values (${data.competitionId}, ${data.phase}, ${data.teamId}, ${data.writeUpId}, ${data.rank},
        ${data.sealDigest}, ${data.title}, ${data.body}, ${data.bodySha256}, ${JSON.stringify(data.files)}::jsonb,
        ${data.submittedBy}, ${new Date(event.occurredAt)}, ${event.id}, null)
      on conflict (competition_id, phase, team_id) do update set writeup_id = excluded.writeup_id,
        rank = excluded.rank, seal_digest = excluded.seal_digest, title = excluded.title, body = excluded.body,
        body_sha256 = excluded.body_sha256, files = excluded.files, submitted_by = excluded.submitted_by,
        submitted_at = excluded.submitted_at, event_id = excluded.event_id, hidden_reason = null`.execute(
      trx,
    );
  } else if (isEvent(scoring.WriteUpHidden, event)) {
    const data = dataOf(scoring.WriteUpHidden, event);
    await sql`update scoring.writeups set hidden_reason = ${data.reason}
      where writeup_id = ${data.writeUpId}`.execute(trx);
  }
}
