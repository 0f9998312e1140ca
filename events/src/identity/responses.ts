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
