import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

export const en: TranslationMessages = {
  ...englishMessages,
  resources: {
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
    title: 'Operations console',
    menu: { review: 'Identity review' },
    dashboard: {
      heading: 'Welcome to the operations console',
      intro:
        'Reviewers, operators and auditors work here. Each section opens as it is built, starting with identity review.',
      roles: 'Your roles',
      noRoles: 'Your account has no console role yet; ask an administrator to grant one.',
    },
    review: { title: 'Identity review' },
    verifications: {
      show: { title: 'Verification of %{name}' },
      status: { processing: 'Pending', approved: 'Approved', rejected: 'Rejected' },
      certificateType: { idCard: 'ID card', passport: 'Passport' },
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
