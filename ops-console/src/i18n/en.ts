import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

export const en: TranslationMessages = {
  ...englishMessages,
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
    review: {
      title: 'Identity review',
      notAvailable:
        'The review queue is not available yet: it arrives with the identity-verification service.',
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
