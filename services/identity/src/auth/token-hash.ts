import { createHash } from 'node:crypto';

/** The stored form of a session's or an access token's secret: its SHA-256, hex (the secret is never kept). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
