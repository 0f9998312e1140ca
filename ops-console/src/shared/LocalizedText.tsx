import { useLocale, useRecordContext } from 'react-admin';

export type Localized = { 'zh-CN': string; en: string };

export const localized = (text: Localized | undefined, locale: string) =>
  text ? (locale === 'en' ? text.en : text['zh-CN']) : '';

/** A `{ 'zh-CN', en }` field of the record in the console's language (a competition's title). */
export function LocalizedText({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const locale = useLocale();
  return <span>{localized(record?.[source] as Localized | undefined, locale)}</span>;
}
