import { z } from 'zod';
import { defineEvent } from '../define.ts';

const aggregate = 'identity.code';
const channel = z.enum(['phone', 'email']);
const purpose = z.enum(['register', 'login', 'reset', 'update']);

// The code itself is a secret: events carry a masked address, never the digits.
export const VerificationCodeIssued = defineEvent({
  type: 'identity.VerificationCodeIssued',
  version: 1,
  meaning: 'A 6-digit code was sent to a phone or email address for a purpose; it expires after 10 minutes.',
  aggregate,
  data: z.object({
    codeId: z.uuid(),
    channel,
    purpose,
    maskedAddress: z.string(),
    expiresAt: z.iso.datetime(),
  }),
});

export const VerificationCodeUsed = defineEvent({
  type: 'identity.VerificationCodeUsed',
  version: 1,
  meaning: 'The right code was entered in time and consumed.',
  aggregate,
  data: z.object({ codeId: z.uuid() }),
});

export const VerificationCodeBurned = defineEvent({
  type: 'identity.VerificationCodeBurned',
  version: 1,
  meaning: 'The code was entered wrongly 5 times and can no longer be used.',
  aggregate,
  data: z.object({ codeId: z.uuid(), failedAttempts: z.number().int().positive() }),
});
