/**
 * Request bodies and queries of identity's routes, shared by the routes (which validate with them) and
 * the clients (portal, console, CLI), which infer their types from them (`z.input`, issue 20). The
 * certificate upload (`POST /api/user/submitAuthentication`) is a multipart form described by its route.
 */
import { z } from 'zod';
import type { Role } from '../envelope.ts';
import { reasonField, reasonMaxLength } from '../requests.ts';
import {
  codeField,
  countryRegionField,
  emailField,
  newPasswordField,
  organizationField,
  phoneField,
  profileLimits,
  termsField,
  usernameField,
} from '../validation.ts';
import { TokenScope } from './token.ts';
import { PhotoCheck, photoChecks } from './verification.ts';

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

/** `POST /api/user/register` (the output adds `channel` and `address`). */
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
/** `POST /api/user/reset`. */
export const resetBody = z
  .object({ ...contactShape, code: codeField, password: newPasswordField })
  .superRefine(checkContact)
  .transform(withChannel);

/** `POST /api/user/updatePassword`. */
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

/** `POST /api/user/update`: the fields to change. */
export const profileBody = z
  .object({
    nickname: z.string().trim().max(profileLimits.nickname),
    description: z.string().trim().max(profileLimits.description),
    countryRegion: countryRegionField,
    address: z.string().trim().max(profileLimits.address),
    isStudent: z.boolean(),
    organization: organizationField,
    graduationDate: z.iso.date(),
    avatarUrl: z.string().trim().max(profileLimits.avatarUrl),
  })
  .partial();

/** Auth-form mode of spec §3 → the purpose a code is sent for. */
export const codeMode = z
  .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { message: 'invalidRequest' })
  .transform((mode) => (['login', 'register', 'reset', 'update'] as const)[mode]);
/** `POST /api/code/sendPhoneCode`, `/api/code/sendEmailCode`, `/api/user/updatePhone`, `/api/user/updateEmail`. */
export const sendPhoneCodeBody = z.object({ phone: phoneField, mode: codeMode });
export const sendEmailCodeBody = z.object({ email: emailField, mode: codeMode });
export const updatePhoneBody = z.object({ phone: phoneField, code: codeField });
export const updateEmailBody = z.object({ email: emailField, code: codeField });

/** `POST /api/user/close`. */
export const closeAccount = z.object({ password: z.string().min(1).max(100) });

/** The longest name of a personal access token. */
export const tokenNameMaxLength = 200;
/** `POST /api/user/tokens/create`. */
export const createToken = z.object({
  name: z.string().max(tokenNameMaxLength),
  scopes: z.array(TokenScope).max(3),
  expiresInDays: z.number().int().max(10_000),
});
/** `POST /api/user/tokens/revoke`. */
export const revokeToken = z.object({ tokenId: z.uuid() });

/** `POST /api/user/emailNotices`. */
export const emailNoticesBody = z.object({
  scoring: z.boolean(),
  teams: z.boolean(),
  verification: z.boolean(),
  language: z.enum(['zh-CN', 'en']),
});

/** `GET /api/notify/page` and the reviewers' `POST /api/user/getReview`. */
export const paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/** `GET /api/notify/detail`. */
export const notifyQuery = z.object({ notifyId: z.uuid() });

/* The reviewers' and staff's calls (console). */

/** What a reviewer read and checked when approving (`POST /api/admin/verifications/:id/approve`). */
export const approvalBody = z.object({
  certificateNumber: z.string().trim().max(40).default(''),
  checks: z.array(PhotoCheck).max(photoChecks.length).default([]),
});
/** `POST /api/user/review`: approve (with what was read and checked) or reject with a reason. */
export const reviewBody = approvalBody.extend({
  verificationId: z.uuid(),
  approve: z.boolean(),
  reason: z.string().trim().max(reasonMaxLength).optional(),
});
/** `GET /api/user/review/photo`. */
export const photoQuery = z.object({
  verificationId: z.uuid(),
  index: z.coerce.number().int().min(0).max(1).default(0),
});
/** Roles an admin grants and revokes; `participant` belongs to every account. */
export const staffRoles = ['reviewer', 'operator', 'auditor', 'admin'] as const satisfies readonly Role[];
/** `POST /api/admin/users/:id/roles/{grant,revoke}`. */
export const roleBody = z.object({ role: z.enum(staffRoles) });

/** The shortest text `GET /api/admin/names/search` looks for. */
export const nameSearchMinLength = 2;
/** `GET /api/admin/names/search`: accounts whose username, email or phone contains `q`. */
export const nameSearch = z.object({ q: z.string().trim().min(nameSearchMinLength).max(100) });
/** `GET /api/admin/names/accounts`: up to 100 accounts by id. */
export const namesQuery = z.object({ id: z.union([z.uuid(), z.array(z.uuid()).max(100)]) });

/** `POST /api/admin/identity-signals/:id/{dismiss,confirm}`. */
export const signalDecision = z.object({ reason: reasonField });

export type RegisterBody = z.input<typeof registerBody>;
export type LoginBody = z.input<typeof passwordLogin> | z.input<typeof codeLogin>;
export type ResetBody = z.input<typeof resetBody>;
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;
export type ProfileBody = z.input<typeof profileBody>;
export type SendPhoneCodeBody = z.input<typeof sendPhoneCodeBody>;
export type SendEmailCodeBody = z.input<typeof sendEmailCodeBody>;
export type UpdatePhoneBody = z.input<typeof updatePhoneBody>;
export type UpdateEmailBody = z.input<typeof updateEmailBody>;
export type CloseAccount = z.input<typeof closeAccount>;
export type CreateToken = z.input<typeof createToken>;
export type RevokeToken = z.input<typeof revokeToken>;
export type EmailNoticesBody = z.input<typeof emailNoticesBody>;
export type Paging = z.input<typeof paging>;
export type NotifyQuery = z.input<typeof notifyQuery>;
export type ApprovalBody = z.input<typeof approvalBody>;
export type ReviewBody = z.input<typeof reviewBody>;
export type SignalDecision = z.input<typeof signalDecision>;
export type RoleBody = z.input<typeof roleBody>;
export type NameSearch = z.input<typeof nameSearch>;
export type NamesQuery = z.input<typeof namesQuery>;
