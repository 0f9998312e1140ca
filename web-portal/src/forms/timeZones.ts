import type { Language } from '@sais/events';

/**
 * Zone names as people say them, where Intl's long names are not what readers expect: Chinese readers
 * say 北京时间 for Asia/Shanghai (and its aliases), not Intl's 中国标准时间.
 */
const spokenNames: Record<string, Record<Language, string>> = {
  'Asia/Shanghai': { 'zh-CN': '北京时间', en: 'China Standard Time' },
  'Asia/Chongqing': { 'zh-CN': '北京时间', en: 'China Standard Time' },
  'Asia/Harbin': { 'zh-CN': '北京时间', en: 'China Standard Time' },
  PRC: { 'zh-CN': '北京时间', en: 'China Standard Time' },
  UTC: { 'zh-CN': '协调世界时', en: 'Coordinated Universal Time' },
  'Etc/UTC': { 'zh-CN': '协调世界时', en: 'Coordinated Universal Time' },
};

/** A time zone named in words in the reader's language ("北京时间" / "China Standard Time"), never its raw id. */
export function zoneName(timeZone: string, language: Language): string {
  const spoken = spokenNames[timeZone]?.[language];
  if (spoken) return spoken;
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(
      new Date(),
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The browser's own zone (the viewer's), e.g. for "your time" on hover. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
