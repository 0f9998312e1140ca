export const languages = ['zh-CN', 'en'] as const;
export type Language = (typeof languages)[number];
export type Text = Record<Language, string>;
