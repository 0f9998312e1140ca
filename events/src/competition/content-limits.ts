/** The longest Markdown text of one section in one language, in characters (a long rules page is ~8,000). */
export const sectionTextMaxLength = 20_000;
