import {
  codeField,
  identity,
  countryRegionField,
  emailField,
  newPasswordField,
  organizationField,
  phoneField,
  Role,
  termsField,
  usernameField,
} from '@sais/events';
import { z } from 'zod';

/** Contact type of spec §3: PHONE 0, EMAIL 1. */
const contactType = z.union([z.literal(0), z.literal(1)], { message: 'invalidRequest' });

const contactShape = { contactType, phone: z.string().optional(), email: z.string().optional() };
type Contact = { contactType: 0 | 1; phone?: string | undefined; email?: string | undefined };

/** Either `phone` (contactType 0) or `email` (contactType 1) must hold, checked with the spec message. */
function checkContact(value: Contact, ctx: z.RefinementCtx) {
  const [field, schema] =
    value.contactType === 0 ? (['phone', phoneField] as const) : (['email', emailField] as const);
  const result = schema.safeParse(value[field]);
  if (!result.success)
    ctx.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]!.message });
}

function withChannel<T extends Contact>(value: T) {
  return {
    ...value,
    channel: value.contactType === 0 ? ('phone' as const) : ('email' as const),
    address: (value.contactType === 0 ? value.phone : value.email)!.trim(),
  };
}

export const registerBody = z
  .object({
    ...contactShape,
    username: usernameField,
    // Every new password mixes letters and digits (spec §5's change-password rule), at sign-up too.
    password: newPasswordField,
    code: codeField,
    agree: termsField,
  })
  .superRefine(checkContact)
  .transform(withChannel);
const passwordLogin = z.object({
  username: z.string().min(1, 'wrongCredentials').max(100),
  password: z.string().min(1, 'wrongCredentials').max(100),
});
const codeLogin = z
  .object({ ...contactShape, code: codeField })
  .superRefine(checkContact)
  .transform(withChannel);

/**
 * Sign-in by password (a `password` is sent) or by code (otherwise). The form is chosen first, so each
 * field answers its own spec §5 message (a malformed code: "Verification code format is incorrect"),
 * not the generic one a failed union would give.
 */
export const loginBody = z
  .object({
    username: z.unknown().optional(),
    password: z.unknown().optional(),
    contactType: z.unknown().optional(),
    phone: z.unknown().optional(),
    email: z.unknown().optional(),
    code: z.unknown().optional(),
  })
  .transform((value, ctx): z.output<typeof passwordLogin> | z.output<typeof codeLogin> => {
    const parsed = value.password !== undefined ? passwordLogin.safeParse(value) : codeLogin.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
export const resetBody = z
  .object({ ...contactShape, code: codeField, password: newPasswordField })
  .superRefine(checkContact)
  .transform(withChannel);

export const updatePasswordBody = z
  .object({
    oldPassword: z.string({ message: 'invalidRequest' }).min(1, 'invalidRequest').max(100),
    newPassword: newPasswordField,
    newPassword2: z.string().optional().default(''),
  })
  // Spec §5: the repeat must equal the new password; an empty repeat passes this particular check.
  .refine((value) => value.newPassword2 === '' || value.newPassword2 === value.newPassword, {
    path: ['newPassword2'],
    message: 'passwordsNotSame',
  });

export const profileBody = z
  .object({
    nickname: z.string().trim().max(40),
    description: z.string().trim().max(500),
    countryRegion: countryRegionField,
    address: z.string().trim().max(200),
    isStudent: z.boolean(),
    organization: organizationField,
    graduationDate: z.iso.date(),
    avatarUrl: z.string().trim().max(500),
  })
  .partial();

/** Auth-form mode of spec §3 → the purpose a code is sent for. */
export const codeMode = z
  .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { message: 'invalidRequest' })
  .transform((mode) => (['login', 'register', 'reset', 'update'] as const)[mode]);
export const sendPhoneCodeBody = z.object({ phone: phoneField, mode: codeMode });
export const sendEmailCodeBody = z.object({ email: emailField, mode: codeMode });
export const updatePhoneBody = z.object({ phone: phoneField, code: codeField });
export const updateEmailBody = z.object({ email: emailField, code: codeField });

/** `GET /api/user/detail` (in `@sais/events`: the `sais` client's `whoami` reads it too). */
export const { userDetail } = identity.responses;

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

/** `GET /api/notify/page`: my messages, newest first, with the unread count. */
export const inboxPage = z.object({
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  pageSize: z.number(),
  records: z.array(
    z.object({
      notifyId: z.string(),
      sender: z.string(),
      title: z.string(),
      sendTime: z.string(),
      read: z.boolean(),
    }),
  ),
});

/** `GET /api/notify/detail`. */
export const inboxMessage = z.object({
  notifyId: z.string(),
  sender: z.string(),
  title: z.string(),
  content: z.string(),
  sendTime: z.string(),
});
