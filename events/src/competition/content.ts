import { z } from 'zod';
import { defineEvent } from '../define.ts';
import type { MessageKey } from '../messages.ts';
import { sectionTextMaxLength } from './content-limits.ts';

/**
 * The sections of a competition's page that operators write (issue 21), in Markdown, in both languages.
 * The portal adds what the platform knows to some of them: the metric (evaluation), the files (data),
 * the competition's settings (rules) and the schedule (its timeline).
 */
export const contentSections = ['overview', 'evaluation', 'data', 'rules', 'prizes'] as const;
export type ContentSection = (typeof contentSections)[number];

// Its own file: the message catalogue names the number, and this file names the message key.
export { sectionTextMaxLength } from './content-limits.ts';

const tooLong = { message: 'contentTooLong' satisfies MessageKey };
/** One section's Markdown in each language; an empty text is shown as the other language's. */
export const SectionText = z.object({
  'zh-CN': z.string().max(sectionTextMaxLength, tooLong),
  en: z.string().max(sectionTextMaxLength, tooLong),
});
export type SectionText = z.infer<typeof SectionText>;

export const SectionContentChanged = defineEvent({
  type: 'competition.SectionContentChanged',
  version: 1,
  meaning:
    "An operator wrote one section of a competition's page (overview, evaluation, data, rules, prizes) in Markdown, in both languages; it replaces that section's earlier text.",
  aggregate: 'competition.competition',
  data: z.object({ competitionId: z.uuid(), section: z.enum(contentSections), text: SectionText }),
});
