import { type Language, translate } from '@sais/events';

type Page = { records: { participants: string[] }[] };

const labelled = new WeakMap<object, Map<Language, unknown>>();

/**
 * A board page with each deleted person (an empty name in the people mirror: decision 0017) shown as
 * "已注销用户" / "Deleted user". Pages without one are answered as they are (so the page cache's serialized
 * body still serves them); a page with one is labelled once per language and kept beside the cached page.
 */
export function withDeletedUsers<P extends Page>(page: P, language: Language): P {
  if (!page.records.some((record) => record.participants.includes(''))) return page;
  let byLanguage = labelled.get(page);
  if (!byLanguage) labelled.set(page, (byLanguage = new Map()));
  let done = byLanguage.get(language) as P | undefined;
  if (!done) {
    const label = translate('deletedUser', language);
    done = {
      ...page,
      records: page.records.map((record) => ({
        ...record,
        participants: record.participants.map((name) => name || label),
      })),
    };
    byLanguage.set(language, done);
  }
  return done;
}
