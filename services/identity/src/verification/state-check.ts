/**
 * What identity's events say its verification records hold (decision 0028): the status, the reviewer and
 * the reason staff and the participant see, checked by `npm run events:verify -- --read-models`. The
 * name and masked number are personal (sealed in the events, blanked on deletion) and not compared.
 */
import { type EventEnvelope, identity } from '@sais/events';
import { isEvent } from '@sais/kit/eventstore';
import type { ExpectedRows, StateCheck } from '@sais/kit/platform';

/** The command's own clock beside the event's `occurredAt`: equal within this. */
const moment = { type: 'timestamptz', withinSeconds: 300 } as const;
const uuid = { type: 'uuid' } as const;
const text = { type: 'text' } as const;

export const identityStateCheck: StateCheck = {
  name: 'identity state',
  schema: 'identity',
  streamTypes: [identity.IdentityVerificationSubmitted.aggregate],
  tables: [
    {
      table: 'verifications',
      key: ['verification_id'],
      columns: {
        verification_id: uuid,
        account_id: uuid,
        status: text,
        certificate_type: text,
        submitted_at: moment,
        decided_at: moment,
        reviewer_id: uuid,
        reason: text,
      },
    },
  ],
  apply: applyIdentity,
};

function applyIdentity(rows: ExpectedRows, event: EventEnvelope): void {
  const E = identity;
  // Versions 1 and 2 share the fields read here (version 2 seals the name and number only).
  if (isEvent(E.IdentityVerificationSubmittedV1, event)) {
    const data = event.data;
    rows.set('verifications', {
      verification_id: data.verificationId,
      account_id: data.accountId,
      status: 'processing',
      certificate_type: data.certificateType,
      submitted_at: event.occurredAt,
      decided_at: null,
      reviewer_id: null,
      reason: null,
    });
    return;
  }
  const decided = isEvent(E.IdentityVerificationApproved, event)
    ? { ...event.data, status: 'approved', reason: null }
    : isEvent(E.IdentityVerificationRejected, event)
      ? { ...event.data, status: 'rejected' }
      : undefined;
  // A decision always follows its submission on the stream.
  if (!decided || !rows.get('verifications', { verification_id: decided.verificationId })) return;
  rows.set('verifications', {
    verification_id: decided.verificationId,
    status: decided.status,
    decided_at: event.occurredAt,
    reviewer_id: decided.reviewerId,
    reason: decided.reason,
  });
}
