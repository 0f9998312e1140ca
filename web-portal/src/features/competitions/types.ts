import { competition, competitionCodes } from '@sais/events';

/** Shapes of the competition service's participant calls (services/competition/src/http/race-routes.ts). */
export interface Localized {
  'zh-CN': string;
  en: string;
}

export const competitionStatuses = ['Active', 'Not Started', 'Completed'] as const;
export type CompetitionStatus = (typeof competitionStatuses)[number];

export const competitionTypes = competition.competitionTypes;
export type CompetitionType = (typeof competitionTypes)[number];

export const phaseNames = competition.phaseNames;
export type PhaseName = (typeof phaseNames)[number];

// The answers' types come from the routes' own response schemas (events/src/competition/responses.ts).

/** A phase's window, its operator override and when an operator first opened it by hand. */
export type Phase = competition.responses.PhaseView;
export type Agreement = Competition['agreements'][number];
export type Competition = competition.responses.CompetitionView;
/** With whether the signed-in user signed up. */
export type CompetitionDetail = competition.responses.CompetitionDetail;
export type MyRace = competition.responses.MyCompetitionPage['records'][number];
/** With whether the caller may download it (documents after sign-up, datasets for verified users). */
export type CompetitionFile = competition.responses.CompetitionFileView;

export interface Paged<T> {
  total: number;
  page: number;
  pageSize: number;
  records: T[];
}

/** The body code of "Please complete real-name authentication first". */
export const verificationRequiredCode = competitionCodes.verificationRequired;

export function localized(text: Localized, language: string | undefined): string {
  return language === 'en' ? text.en : text['zh-CN'];
}
