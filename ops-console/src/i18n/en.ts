import { messages } from '@sais/events';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { integrityEn } from '../integrity/messages';
import { trustEn } from '../trust/messages';
import { operationsEn } from '../operations/messages';

export const en: TranslationMessages = {
  // The slug's rule (decision 0036), in the catalogue's words.
  competitionSlugInvalid: messages.competitionSlugInvalid.en,
  ...englishMessages,
  resources: {
    ...operationsEn.resources,
    ...integrityEn.resources,
    // Each service's event history (`audit/<service>/events`), named in list messages.
    'audit/identity/events': { name: 'Event |||| Events' },
    'audit/competition/events': { name: 'Event |||| Events' },
    'audit/team/events': { name: 'Event |||| Events' },
    'audit/scoring/events': { name: 'Event |||| Events' },
    verifications: {
      name: 'Verification |||| Verifications',
      fields: {
        id: 'Verification',
        submittedAt: 'Submitted',
        name: 'Real name',
        username: 'Username',
        userId: 'User id',
        certificateType: 'Certificate',
        certificateNumber: 'Certificate number',
        status: 'Status',
        reviewer: 'Reviewer',
        decidedAt: 'Decided',
        reason: 'Reason',
        photos: 'Photos',
      },
    },
  },
  console: {
    ...operationsEn.console,
    integrity: integrityEn.integrity,
    trust: trustEn,
    title: 'Operations console',
    menu: {
      review: 'Identity review',
      auditEvents: 'Event history',
      auditStreams: 'Stream history',
      auditVerify: 'Verify hash chains',
      auditReplay: 'Replay projection',
      auditReadModels: 'Check read models',
    },
    dashboard: {
      heading: 'Welcome to the operations console',
      intro:
        'Reviewers check real-name verifications; operators run competitions, submissions, leaderboards, teams and accounts; auditors follow every event and every staff action. The menu shows what your roles may use.',
      roles: 'Your roles',
      noRoles: 'Your account has no console role yet; ask an administrator to grant one.',
    },
    review: { title: 'Identity review' },
    verifications: {
      show: { title: 'Verification of %{name}' },
      status: { processing: 'Pending', approved: 'Approved', rejected: 'Rejected' },
      certificateType: { idCard: 'ID card', passport: 'Passport' },
      sameDocument: {
        title: 'The same document number is on other accounts',
        intro:
          'Another account submitted this ID number. Check that this person is not one of them before deciding (both may be real only if one was a mistake).',
        row: '%{username} — name “%{name}”, %{status}, submitted %{submittedAt}',
      },
      photos: {
        front: 'Front',
        back: 'Back',
        passport: 'Passport photo page',
        none: 'No photos',
        failed: 'The photo could not be loaded.',
      },
      actions: { approve: 'Approve', reject: 'Reject' },
      reject: {
        title: 'Reason for the rejection',
        written: 'Your reason (the participant reads it)',
        confirm: 'Reject',
      },
      reasons: {
        blurred: 'The photo is blurred',
        unreadable: 'The certificate details are not readable',
        faceHidden: 'The face is not visible',
        nameMismatch: 'The name does not match the certificate',
        other: 'Another reason…',
      },
      notifications: {
        approved: 'Approved: %{name} is now verified',
        rejected: 'Rejected: %{name} has been told why',
      },
    },
    audit: {
      services: { identity: 'Identity', competition: 'Competition', team: 'Team', scoring: 'Scoring' },
      fields: {
        id: 'Event id',
        service: 'Service',
        position: 'Position',
        occurredAt: 'Occurred',
        type: 'Event type',
        streamId: 'Stream',
        version: 'Version',
        actorId: 'Actor',
        role: 'Role',
        from: 'From',
        to: 'Until',
        correlationId: 'Correlation',
        causationId: 'Caused by',
        hash: 'Hash',
        previousHash: 'Previous hash',
        data: 'Data',
        event: 'The event as recorded (JSON)',
      },
      events: { title: 'Event history', show: 'Event %{type}' },
      streams: {
        title: 'Stream history',
        show: 'Show history',
        hint: 'Choose a service and enter a stream id (an account, a competition, a team, a submission…).',
        unlinked: 'link broken',
      },
      verify: {
        title: 'Verify hash chains',
        intro:
          'Every event is chained to the one before it in its stream by a SHA-256 hash. The check recomputes every hash of every service and names the first link that does not hold.',
        run: 'Verify hash chains',
        running: 'Verifying…',
        checking: '%{service}: checking…',
        pass: '%{service}: pass, %{smart_count} event checked |||| %{service}: pass, %{smart_count} events checked',
        broken: '%{service}: the hash chain is broken',
        brokenAt:
          'First broken link: stream %{stream}, version %{version}: %{reason} (%{checked} events checked before it).',
        unavailable: '%{service}: cannot verify (%{message})',
        openStream: 'Open the stream',
        openEvent: 'Open the event',
        reasons: {
          gap: 'a version is missing in the stream',
          link: 'the previous hash does not match the event before',
          content: 'the event content does not match its hash',
          other: 'the chain does not hold',
        },
      },
      replay: {
        title: 'Replay projection',
        intro:
          'Rebuilds a read model from the events apart, in short steps that hold nobody up, then swaps it in at once: readers keep the current one until then.',
        start: 'Replay',
        none: 'No read models in this process.',
        unavailable: '%{service}: the projections cannot be listed.',
        state: {
          idle: 'Not replayed since the service started.',
          running: 'Replaying: %{read} of %{total} events read, %{applied} applied…',
          done: 'Done: %{read} of %{total} events read, %{applied} applied.',
          failed: 'Failed: %{error}',
        },
      },
      jobs: { progress: '%{done} of %{total}' },
      readModels: {
        title: 'Check read models',
        intro:
          'Rebuilds every read model (leaderboards, inboxes, mirrors) from the events, apart from the live one, and compares them row by row, then compares every state table (scores, statuses, registrations, seats…) with what the events say: the same checks as npm run events:verify -- --read-models. Runs in the background; the platform keeps serving meanwhile.',
        run: 'Check read models',
        running: 'Checking…',
        checking: '%{service}: rebuilding and comparing…',
        pass: '%{service}: pass, %{smart_count} read model matches the events |||| %{service}: pass, %{smart_count} read models match the events',
        differ: '%{service}: read models or state tables differ from the events',
        projectionDiffers:
          '%{projection}: %{smart_count} row differs |||| %{projection}: %{smart_count} rows differ',
        statePass:
          '; state tables: %{smart_count} check matches the events |||| ; state tables: %{smart_count} checks match the events',
        stateDiffers:
          '%{check}: %{smart_count} row differs from what the events say |||| %{check}: %{smart_count} rows differ from what the events say',
        unavailable: '%{service}: cannot check (%{message})',
        columns: {
          table: 'Table',
          key: 'Key',
          kind: 'Difference',
          column: 'Column',
          live: 'Live value',
          rebuilt: 'Rebuilt value',
          expected: 'The events say',
        },
        stateKinds: {
          changed: 'changed',
          extra: 'not explained by any event',
          missing: 'missing from the table',
        },
        kinds: {
          changed: 'changed',
          extra: 'only in the live table',
          missing: 'missing from the live table',
        },
      },
    },
    roles: {
      participant: 'Participant',
      reviewer: 'Reviewer',
      operator: 'Operator',
      auditor: 'Auditor',
      admin: 'Administrator',
      system: 'System',
    },
  },
};
