import { z } from 'zod';
import { defineEvent, definePersonalEvent } from '../define.ts';
import { personal } from '../personal.ts';

const aggregate = 'identity.verification';
const verificationId = z.uuid();
const accountId = z.uuid();

export const CertificateType = z.enum(['id-card', 'passport']);

/** The spec's photo rules (§5), each ticked by the reviewer before an approval (issue 19). */
export const photoChecks = ['armAndUpperBodyVisible', 'faceUnobstructed', 'detailsClear'] as const;
export const PhotoCheck = z.enum(photoChecks);

// Photos are stored encrypted in the identity service; events name them by id only.
const submitted = z.object({
  verificationId,
  accountId,
  name: z.string().min(1).max(60),
  certificateType: CertificateType,
  certificateNumberMasked: z.string(),
  photoIds: z.array(z.uuid()).min(1).max(2),
});

/** Version 1: the real name and the masked certificate number in the clear. */
export const IdentityVerificationSubmittedV1 = defineEvent({
  type: 'identity.IdentityVerificationSubmitted',
  version: 1,
  meaning: 'The account holder submitted name, certificate and photos for real-name review.',
  aggregate,
  data: submitted,
});

export const IdentityVerificationSubmitted = definePersonalEvent({
  type: 'identity.IdentityVerificationSubmitted',
  version: 2,
  meaning:
    'The account holder submitted name, certificate and photos for real-name review (name and number sealed with the account’s key).',
  aggregate,
  data: submitted.extend({
    name: personal(submitted.shape.name),
    certificateNumberMasked: personal(submitted.shape.certificateNumberMasked),
  }),
  plain: submitted,
  personal: { subject: 'accountId', fields: ['name', 'certificateNumberMasked'] },
});

export const IdentityDocumentViewed = defineEvent({
  type: 'identity.IdentityDocumentViewed',
  version: 1,
  meaning:
    'A reviewer opened a decrypted photo of a verification (position: which photo; absent before issue 19).',
  aggregate,
  data: z.object({
    verificationId,
    reviewerId: z.uuid(),
    position: z.number().int().min(0).max(1).optional(),
  }),
});

export const IdentityVerificationApproved = defineEvent({
  type: 'identity.IdentityVerificationApproved',
  version: 1,
  meaning:
    'A reviewer accepted the real-name verification; the account is Verified. Since issue 19 the reviewer has seen every photo, typed the number read from the photo (it matched the stored keyed digest) and ticked the photo rules.',
  aggregate,
  data: z.object({
    verificationId,
    accountId,
    reviewerId: z.uuid(),
    numberMatched: z.literal(true).optional(),
    checks: z.array(PhotoCheck).optional(),
  }),
});

export const IdentityVerificationRejected = defineEvent({
  type: 'identity.IdentityVerificationRejected',
  version: 1,
  meaning: 'A reviewer refused the real-name verification with a reason the participant sees.',
  aggregate,
  data: z.object({ verificationId, accountId, reviewerId: z.uuid(), reason: z.string().min(1).max(500) }),
});
