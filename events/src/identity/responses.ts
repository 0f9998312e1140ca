/**
 * What the identity calls answer that clients share (the `data` of their `{ code, message, data }`):
 * response schemas (OpenAPI at /api/docs/json, the answer's serialization) and the `sais` client's types.
 */
import { z } from 'zod';
import { TokenScope } from './token.ts';

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

/** `GET /api/user/getAuthentication`: my real-name verification, with the reason of a rejection. */
export const authentication = z.object({
  status: z.enum(['Not Verified', 'Processing', 'Verified']),
  /** Why the last submission was rejected, if it was. */
  reason: z.string().nullable(),
  name: z.string().nullable(),
  certificateType: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type Authentication = z.infer<typeof authentication>;

/** `GET /api/user/tokens/list`: one of my personal access tokens, never its secret (decision 0019). */
export const accessToken = z.object({
  tokenId: z.string(),
  name: z.string(),
  scopes: z.array(TokenScope),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessToken>;

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
export type InboxPage = z.infer<typeof inboxPage>;

/** `GET /api/notify/detail`: one message. */
export const inboxMessage = z.object({
  notifyId: z.string(),
  sender: z.string(),
  title: z.string(),
  content: z.string(),
  sendTime: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;
