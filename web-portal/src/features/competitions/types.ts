import { competitionCodes } from '@sais/events';

/** Shapes of the competition service's participant calls (services/competition/src/http/race-routes.ts). */
export interface Localized {
  'zh-CN': string;
  en: string;
}

export const competitionStatuses = ['Active', 'Not Started', 'Completed'] as const;
export type CompetitionStatus = (typeof competitionStatuses)[number];

export const competitionTypes = [
  'Algorithm',
  'Programming',
  'Innovation',
  'Getting Started',
  'Academic Research',
  'Other',
] as const;
export type CompetitionType = (typeof competitionTypes)[number];

export const phaseNames = ['registration', 'preliminary', 'semi-final', 'final'] as const;
export type PhaseName = (typeof phaseNames)[number];

export interface Phase {
  startsAt: string;
  endsAt: string;
  override?: 'open' | 'closed' | null;
  /** When an operator first opened it by hand (it may be before `startsAt`). */
  openedAt?: string;
}

export interface Agreement {
  agreementId: string;
  title: Localized;
  body: Localized;
}

export interface Competition {
  competitionId: string;
  title: Localized;
  description: Localized;
  type: CompetitionType;
  bonus: number;
  season: string;
  sponsors: string[];
  timeZone: string;
  teamSizeLimit: number;
  teamFormingAttempts: number;
  dailySubmissionLimit: number;
  submissionKinds: string[];
  teamMergeDeadline: string | null;
  agreements: Agreement[];
  phases: Partial<Record<PhaseName, Phase>>;
  status: CompetitionStatus;
  currentPhase: PhaseName | null;
}

export interface CompetitionDetail extends Competition {
  /** Whether the signed-in user signed up. */
  signedUp: boolean;
}

export interface MyRace extends Competition {
  signedUpAt: string;
}

export interface CompetitionFile {
  fileId: string;
  kind: 'document' | 'dataset';
  name: string;
  size: number;
  contentType: string;
  sha256: string;
  /** Documents after sign-up, datasets for verified users. */
  downloadable: boolean;
}

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
