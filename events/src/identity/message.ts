import { z } from 'zod';
import { defineEvent } from '../define.ts';

const aggregate = 'identity.message';

export const MessageSent = defineEvent({
  type: 'identity.MessageSent',
  version: 1,
  meaning:
    "A message was put in an account's inbox (review decisions, team applications, submission results).",
  aggregate,
  data: z.object({
    messageId: z.uuid(),
    recipientId: z.uuid(),
    sender: z.string().min(1),
    title: z.object({ 'zh-CN': z.string(), en: z.string() }),
    body: z.object({ 'zh-CN': z.string(), en: z.string() }),
  }),
});

export const MessageRead = defineEvent({
  type: 'identity.MessageRead',
  version: 1,
  meaning: 'The recipient opened the message.',
  aggregate,
  data: z.object({ messageId: z.uuid(), recipientId: z.uuid() }),
});

/** What a participant may have emailed (docs/decisions/0023-email-notices.md). */
export const emailNoticeCategories = ['scoring', 'teams', 'verification'] as const;
export type EmailNoticeCategory = (typeof emailNoticeCategories)[number];

export const EmailNoticesChanged = defineEvent({
  type: 'identity.EmailNoticesChanged',
  version: 1,
  meaning:
    'A person chose which inbox messages are also emailed to them (scoring results, team notices, verification decisions) and in which language.',
  aggregate: 'identity.notices',
  data: z.object({
    accountId: z.uuid(),
    scoring: z.boolean(),
    teams: z.boolean(),
    verification: z.boolean(),
    language: z.enum(['zh-CN', 'en']),
  }),
});
