import { identity, Role } from '@sais/events';
import { z } from 'zod';

// What the identity calls take lives in `@sais/events` (`identity.requests`), shared with the portal,
// the console and the `sais` client (issue 20).
export const {
  registerBody,
  loginBody,
  resetBody,
  updatePasswordBody,
  profileBody,
  codeMode,
  sendPhoneCodeBody,
  sendEmailCodeBody,
  updatePhoneBody,
  updateEmailBody,
} = identity.requests;

/** `GET /api/user/detail` and the inbox (in `@sais/events`: the portal and the `sais` client read them too). */
export const { userDetail, inboxPage, inboxMessage } = identity.responses;

/* What the console's and the reviewers' calls answer (response schemas: plain types, never refused). */

/** An account as the console lists it (`GET /api/admin/users`). */
export const userRecord = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nickname: z.string().nullable(),
  roles: z.array(Role),
  status: z.enum(['active', 'disabled', 'closed', 'deleted']),
  disabledReason: z.string().nullable(),
  closedAt: z.string().nullable(),
  deleteAfter: z.string().nullable(),
  registeredAt: z.string().nullable(),
});

/** An identity signal with its evidence and the usernames of the accounts it names. */
export const identitySignal = z.object({
  id: z.string(),
  kind: z.enum(['shared-document', 'shared-address']),
  accountIds: z.array(z.string()),
  detectedAt: z.string(),
  /** Open: each kind keeps its own evidence (the document's hash, the shared address). */
  evidence: z.unknown(),
  status: z.enum(['open', 'dismissed', 'confirmed']),
  decision: z.object({ decidedBy: z.string(), decidedAt: z.string(), reason: z.string() }).nullable(),
});
export const namedIdentitySignal = identitySignal.extend({
  accountNames: z.record(z.string(), z.string().nullable()),
});

/** `POST /api/user/getReview`: a page of pending verifications, oldest first. */
export const reviewQueue = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  records: z.array(
    z.object({
      verificationId: z.string(),
      userId: z.string(),
      name: z.string(),
      certificateType: z.enum(['id-card', 'passport']),
      certificateNumber: z.string(),
      submittedAt: z.string(),
    }),
  ),
});
