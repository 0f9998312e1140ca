import { createHash } from 'node:crypto';
import { transparency } from '@sais/events';

/** JSON with object keys sorted at every depth (shared with the browser: @sais/events transparency). */
export const canonicalJson = transparency.canonicalJson;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
