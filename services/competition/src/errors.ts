import { competition, competitionCodes, errorCodes } from '@sais/events';
import { AppError } from '@sais/kit/errors';

export { competitionCodes } from '@sais/events';

const fail = (key: keyof typeof competitionCodes, status: number, data?: unknown) =>
  new AppError(competitionCodes[key], key, status, data === undefined ? {} : { data });

/**
 * Domain failures of the competition service, one constructor each (code, message key, HTTP status;
 * the zh-CN and en texts are in the shared catalogue under the same key), as team's `teamErrors`.
 */
export const competitionErrors = {
  competitionNotFound: () => fail('competitionNotFound', 404),
  slugTaken: () => fail('slugTaken', 409),
  /** Creating a competition whose id exists already. */
  competitionExists: () => new AppError(errorCodes.conflict, 'concurrentChange', 409),
  phaseDatesInvalid: () => fail('phaseDatesInvalid', 400),
  phaseNotScheduled: () => fail('phaseNotScheduled', 400),
  /** A phase's run limit past the runners' machine ceiling (decision 0044): the field and its bound. */
  runLimitAboveCeiling: (field?: string, bound?: number) =>
    fail('runLimitAboveCeiling', 400, { field, bound }),
  runLimitBelowMinimum: (field?: string, bound?: number) =>
    fail('runLimitBelowMinimum', 400, { field, bound }),
  /** A GPU count above 0 while no runner declares GPUs (decision 0044). */
  runGpusUnavailable: () => fail('runGpusUnavailable', 400, { field: 'gpus', max: 0 }),
  fileNotFound: () => fail('fileNotFound', 404),
  /** Hiding a documentation file: only datasets can be hidden (decision 0032). */
  onlyDatasetsHidden: () => fail('onlyDatasetsHidden', 400),
  verificationRequired: () => fail('verificationRequired', 403),
  agreementsRequired: (missing: string[]) => fail('agreementsRequired', 400, { missing }),
  registrationClosed: () => fail('registrationClosed', 400),
  /** Sign-up before registration opens (issue 30): from when, in the competition's zone; none scheduled yet. */
  registrationNotOpen: (opensAt: string | null = null, timeZone = 'Asia/Shanghai') =>
    opensAt
      ? fail('registrationNotOpen', 400, {
          opensAt,
          timeZone,
          opensAtText: competition.zonedTime(opensAt, timeZone),
        })
      : new AppError(competitionCodes.registrationNotOpen, 'registrationNotScheduled', 400, {
          data: { opensAt: null },
        }),
  alreadySignedUp: () => fail('alreadySignedUp', 409),
  signUpRequired: () => fail('signUpRequired', 403),
  rangeNotSatisfiable: () => fail('rangeNotSatisfiable', 416),
  /** A section's Markdown over `sectionTextMaxLength` in one language. */
  contentTooLong: (section: string, language: string) =>
    fail('contentTooLong', 400, { section, language, max: competition.sectionTextMaxLength }),
  /** An operator who is not an admin weakens the two-operator rule for final results (issue 19). */
  publicationRuleAdminOnly: () => fail('publicationRuleAdminOnly', 403),
  /** An operator who is not an admin changes the prize money of a competition that has some (issue 33). */
  prizeMoneyAdminOnly: () => fail('prizeMoneyAdminOnly', 403),
};
