import type { Language, competition, scoring } from '@sais/events';
import { api } from '../../../app/api';

export type ContentSection = competition.ContentSection;
export type SectionText = Record<Language, string>;

/** GET /race/content: the operators' Markdown of each section, both languages ('' = not written). */
export interface CompetitionContent {
  competitionId: string;
  sections: Record<ContentSection, SectionText>;
}

/** GET /leaderboard/metric: how the competition is scored, with its commitments; null before its ground truth is set. */
export type CompetitionMetric = scoring.responses.CompetitionMetric;

export function fetchContent(competitionId: string) {
  return api.request<CompetitionContent>('/race/content', {
    data: { competitionId } satisfies competition.requests.CompetitionQuery,
  });
}

export function fetchMetric(competitionId: string) {
  return api.request<CompetitionMetric | null>('/leaderboard/metric', {
    data: { competitionId } satisfies scoring.requests.CompetitionQuery,
  });
}

/**
 * A section's text in the reader's language, else in the other one (marked, so the page can say so);
 * null when neither is written.
 */
export function sectionIn(
  text: SectionText | undefined,
  language: Language,
): { markdown: string; language: Language } | null {
  if (!text) return null;
  if (text[language].trim()) return { markdown: text[language], language };
  const other: Language = language === 'en' ? 'zh-CN' : 'en';
  return text[other].trim() ? { markdown: text[other], language: other } : null;
}

/** GET /race/preview: a CSV file's header and first rows; null for other files. */
export interface FilePreview {
  header: string[];
  rows: string[][];
}

export function fetchPreview(fileId: string) {
  return api.request<FilePreview | null>('/race/preview', {
    data: { fileId } satisfies competition.requests.FileQuery,
  });
}
