/**
 * What competition's events say its state tables hold (decision 0028): each competition's row is the fold
 * of its stream (as `Competitions.execute` writes it), each file the FileAdded that attached it, each
 * registration its ParticipantSignedUp. Checked by `npm run events:verify -- --read-models`.
 */
import { type EventEnvelope, competition } from '@sais/events';
import { isEvent } from '@sais/kit/eventstore';
import type { ExpectedRows, StateCheck } from '@sais/kit/platform';
import {
  type CompetitionEvent,
  type CompetitionState,
  evolveCompetition,
  initialCompetition,
} from './domain/competition.ts';

/** A command's own clock (or the database's) beside the event's `occurredAt`: equal within this. */
const moment = { type: 'timestamptz', withinSeconds: 300 } as const;
const text = { type: 'text' } as const;
const uuid = { type: 'uuid' } as const;
const json = { type: 'jsonb' } as const;

export const competitionStateCheck: StateCheck = {
  name: 'competition state',
  schema: 'competition',
  streamTypes: [competition.CompetitionCreated.aggregate, competition.ParticipantSignedUp.aggregate],
  tables: [
    {
      table: 'competitions',
      key: ['competition_id'],
      columns: {
        competition_id: uuid,
        settings: json,
        phases: json,
        content: json,
        type: text,
        season: text,
        version: { type: 'integer' },
        created_at: moment,
      },
    },
    {
      table: 'files',
      key: ['file_id'],
      columns: {
        file_id: uuid,
        competition_id: uuid,
        kind: text,
        name: text,
        size: { type: 'bigint' },
        content_type: text,
        sha256: text,
        removed: { type: 'boolean' },
        hidden: { type: 'boolean' },
        added_at: moment,
      },
    },
    {
      table: 'registrations',
      key: ['competition_id', 'account_id'],
      columns: { competition_id: uuid, account_id: uuid, signed_up_at: moment },
    },
  ],
  apply: applyCompetition,
};

function applyCompetition(rows: ExpectedRows, event: EventEnvelope): void {
  const E = competition;
  if (isEvent(E.ParticipantSignedUp, event)) {
    const { competitionId, accountId } = event.data;
    rows.set('registrations', {
      competition_id: competitionId,
      account_id: accountId,
      signed_up_at: event.occurredAt,
    });
    return;
  }
  if (event.streamType !== E.CompetitionCreated.aggregate) return;
  // Each competition's state, by its stream (`competition-<id>`).
  const folded = rows.state as Map<string, CompetitionState>;
  const state = evolveCompetition(
    folded.get(event.streamId) ?? initialCompetition,
    event as unknown as CompetitionEvent & { occurredAt: string },
  );
  folded.set(event.streamId, state);
  if (state.status === 'none') return;
  const { competitionId } = state;
  const created = rows.get('competitions', { competition_id: competitionId })?.created_at;
  rows.set('competitions', {
    competition_id: competitionId,
    settings: state.settings,
    phases: state.phases,
    content: state.content,
    type: state.settings.type,
    season: state.settings.season,
    version: event.streamVersion,
    created_at: created ?? event.occurredAt,
  });
  if (isEvent(E.FileAdded, event)) {
    const { kind, file } = event.data;
    rows.set('files', {
      file_id: file.fileId,
      competition_id: competitionId,
      kind,
      name: file.name,
      size: file.size,
      content_type: file.contentType,
      sha256: file.sha256,
      removed: false,
      hidden: false,
      added_at: event.occurredAt,
    });
  } else if (isEvent(E.FileRemoved, event)) {
    if (rows.get('files', { file_id: event.data.fileId }))
      rows.set('files', { file_id: event.data.fileId, removed: true });
  } else if (isEvent(E.DatasetVisibilitySet, event)) {
    if (rows.get('files', { file_id: event.data.fileId }))
      rows.set('files', { file_id: event.data.fileId, hidden: event.data.hidden });
  }
}
