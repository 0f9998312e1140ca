import { z } from 'zod';
import { defineEvent } from '../define.ts';

/** Per integrity signal of the identity service (stream `identity-signal-<signalId>`). */
const aggregate = 'identity.signal';

// Signals name accounts and addresses only; the certificate number never appears (a keyed digest finds it).
export const IdentitySignalDecided = defineEvent({
  type: 'identity.IdentitySignalDecided',
  version: 1,
  meaning:
    'An operator acted on an identity signal (one identity document behind several accounts, or many accounts signing in from one address): dismissed or confirmed it, with a reason.',
  aggregate,
  data: z.object({
    signalId: z.string().min(1).max(80),
    kind: z.enum(['shared-document', 'shared-address']),
    decision: z.enum(['dismissed', 'confirmed']),
    accountIds: z.array(z.uuid()).min(1),
    reason: z.string().min(1).max(500),
  }),
});
