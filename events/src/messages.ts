/**
 * The one message catalogue shared by the services (error envelopes) and both React apps
 * (client-side validation shows the same text as the server). zh-CN is the default language.
 */
import { commonMessages } from './messages/common.ts';
import { competitionMessages } from './messages/competition.ts';
import { identityMessages } from './messages/identity.ts';
import { defaultLanguage } from './messages/language.ts';
import { scoringMessages } from './messages/scoring.ts';
import { teamMessages } from './messages/team.ts';
import { transparencyMessages } from './messages/transparency.ts';
import { type Language, type Text, languages } from './messages/text.ts';

export { languages, type Language };
export * from './messages/language.ts';

/** Every message, one file per area under messages/ (an area adds its file here). */
export const messages = {
  ...commonMessages,
  ...identityMessages,
  ...teamMessages,
  ...competitionMessages,
  ...scoringMessages,
  ...transparencyMessages,
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof messages;

/**
 * Body codes of the `{ code, message, data }` envelope. 0 is success; 401 makes the portal go to /login.
 * Codes below 1000 mirror the HTTP class; 10xxx identity, 20xxx competition, 30xxx team, 40xxx scoring,
 * 50xxx the transparency logs.
 */
export const errorCodes = {
  ok: 0,
  invalidRequest: 400,
  notSignedIn: 401,
  forbidden: 403,
  notFound: 404,
  requestTimeout: 408,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  requestHeaderFieldsTooLarge: 431,
  internal: 500,
  notAvailable: 501,
  /** Storage (PostgreSQL) unreachable for a moment: nothing was done, retry after `data.retryAfterSeconds`. */
  serviceUnavailable: 503,
  insufficientStorage: 507,
} as const;

export function translate(key: MessageKey, language: Language): string {
  return messages[key][language];
}

/**
 * A message with its `{{name}}` placeholders filled from `params` (an error's `data`): the same
 * placeholders the apps fill with i18next. Placeholders without a value stay as they are.
 */
export function translateWith(key: MessageKey, language: Language, params: unknown): string {
  const text = translate(key, language);
  if (!text.includes('{{') || params === null || typeof params !== 'object') return text;
  const values = params as Record<string, unknown>;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** Picks zh-CN or en from an Accept-Language header (or a stored choice); zh-CN when nothing matches. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return defaultLanguage;
}
