import { z } from 'zod';
import { defineEvent } from '../define.ts';

const aggregate = 'identity.session';

// Session tokens are never in events: the store keeps only a hash of the token in a table.
export const SessionStarted = defineEvent({
  type: 'identity.SessionStarted',
  version: 1,
  meaning: 'The account holder signed in and a server-side session began.',
  aggregate,
  data: z.object({
    sessionId: z.uuid(),
    accountId: z.uuid(),
    via: z.enum(['username', 'email', 'phone']),
    expiresAt: z.iso.datetime(),
  }),
});

export const SessionRevoked = defineEvent({
  type: 'identity.SessionRevoked',
  version: 1,
  meaning: 'A session ended: sign-out, password change, account disabled or closed, or expiry.',
  aggregate,
  data: z.object({
    sessionId: z.uuid(),
    accountId: z.uuid(),
    // 'account-closed' since 2026-11-25 (an added value: every older event still reads the same).
    reason: z.enum(['logout', 'password-changed', 'account-disabled', 'account-closed', 'expired']),
  }),
});
