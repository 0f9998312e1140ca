/**
 * What the identity calls answer that clients share (the `data` of their `{ code, message, data }`):
 * response schemas (OpenAPI at /api/docs/json, the answer's serialization) and the `sais` client's types.
 */
import { z } from 'zod';

/** `GET /api/user/detail`: who I am. */
export const userDetail = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  nickname: z.string().nullable(),
  description: z.string().nullable(),
  countryRegion: z.string().nullable(),
  address: z.string().nullable(),
  isStudent: z.boolean().nullable(),
  organization: z.string().nullable(),
  graduationDate: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** Real-name verification: Not Verified, Processing or Verified. */
  authStatus: z.string(),
  /** The personal access token of this call (decision 0019), absent for a cookie. */
  token: z.object({ tokenId: z.string(), scopes: z.array(z.enum(['read', 'submit', 'team'])) }).optional(),
});
export type UserDetail = z.infer<typeof userDetail>;

/** `GET /api/user/emailNotices`: which inbox messages are also emailed, in which language (decision 0023). */
export const emailNotices = z.object({
  scoring: z.boolean(),
  teams: z.boolean(),
  verification: z.boolean(),
  language: z.enum(['zh-CN', 'en']),
  /** Where they go: the account's email address, null when it has none (nothing is sent). */
  email: z.string().nullable(),
  /** At most this many emails an hour per person; more are not sent (the inbox keeps them). */
  perHour: z.number(),
});
export type EmailNotices = z.infer<typeof emailNotices>;
