import type { Language, Text } from './messages/text.ts';

/**
 * The inbox's senders: stored by their English name (the inbox keeps what the event led to), shown in
 * the reader's language.
 */
export const senderNames: Readonly<Record<string, Text>> = {
  'Review Office': { en: 'Review Office', 'zh-CN': '审核办公室' },
  'Scoring Office': { en: 'Scoring Office', 'zh-CN': '评测办公室' },
  'Team Office': { en: 'Team Office', 'zh-CN': '组队办公室' },
};

/** A sender's name in `language`; a sender not in the list is shown as stored. */
export function senderName(sender: string, language: Language): string {
  return senderNames[sender]?.[language] ?? sender;
}

/**
 * Organisations named as sponsors, with their names in each language. A competition stores a sponsor
 * as the operator typed it; one listed here reads in the reader's language.
 */
export const organisationNames: Readonly<Record<string, Text>> = {
  'Shanghai Academy of AI for Science': {
    en: 'Shanghai Academy of AI for Science',
    'zh-CN': '上海科学智能研究院',
  },
  'Fudan University': { en: 'Fudan University', 'zh-CN': '复旦大学' },
};

/** A sponsor's name in `language` (as typed when the list does not know it). */
export function organisationName(name: string, language: Language): string {
  return organisationNames[name]?.[language] ?? name;
}
