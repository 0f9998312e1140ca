import { competition, competitionCodes, errorCodes } from '@sais/events';
import { api } from '../../app/api';
import type { CompetitionDetail, CompetitionFile, Competition, MyRace, Paged } from './types';

/** The list's filters (`status`, `type`, `search`: words of the title or description, either language). */
export type ListFilters = Pick<competition.requests.ListQuery, 'status' | 'type' | 'search'>;

export function fetchCompetitions(filters: ListFilters, page: number, pageSize: number) {
  return api.request<Paged<Competition>>('/race/list', {
    data: { ...filters, page, pageSize } satisfies competition.requests.ListQuery,
  });
}

/**
 * Answers meaning "there is no such competition", and 400 for an id that is not one at all.
 * The detail page says so itself (a not-found page with a way back), without the common notice.
 */
export const competitionMissingCodes: readonly number[] = [
  competitionCodes.competitionNotFound,
  errorCodes.invalidRequest,
  errorCodes.notFound,
];

export function fetchCompetition(competitionId: string) {
  return api.request<CompetitionDetail>('/race/detail', {
    data: { competitionId } satisfies competition.requests.CompetitionQuery,
    handledCodes: competitionMissingCodes,
  });
}

export function fetchMyRaces(page: number, pageSize: number) {
  return api.request<Paged<MyRace>>('/race/userRaceList', {
    data: { page, pageSize } satisfies competition.requests.Paging,
  });
}

/** POST /race/signUp; the caller handles failures (`verificationRequired` opens the go-to-authentication modal). */
export function signUp(competitionId: string, agreements: string[]) {
  return api.request<null>('/race/signUp', {
    method: 'POST',
    data: { competitionId, agreements } satisfies competition.requests.SignUp,
    silent: true,
  });
}

export function fetchFiles(competitionId: string) {
  return api.request<CompetitionFile[]>('/race/files', {
    data: { competitionId } satisfies competition.requests.CompetitionQuery,
  });
}

/** GET /race/download: the file's bytes; the caller handles failures. */
export function downloadFile(fileId: string) {
  return api.download('/race/download', {
    data: { fileId } satisfies competition.requests.FileQuery,
    silent: true,
  });
}
