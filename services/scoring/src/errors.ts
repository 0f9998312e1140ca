import { errorCodes, scoringCodes } from '@sais/events';
import { AppError } from '@sais/kit/errors';
import { integrityCodes } from './integrity/codes.ts';

/** Scoring's body codes (40xxx) are shared with the apps: events/src/error-codes.ts; texts in events/src/messages/scoring.ts. */
export { scoringCodes } from '@sais/events';

/** What a failure may carry: `data` for the form or the client (a field, a limit), a `detail` for the log. */
type Options = { cause?: unknown; detail?: string; data?: unknown };

/**
 * Scoring's failures, one constructor each (code, message key, HTTP status), as the other services have
 * them; the texts are in events/src/messages/scoring.ts.
 */
export const scoringErrors = {
  alreadyDisqualified: (options?: Options) =>
    new AppError(scoringCodes.alreadyDisqualified, 'alreadyDisqualified', 409, options),
  baselineFileInvalid: (options?: Options) =>
    new AppError(scoringCodes.baselineFileInvalid, 'baselineFileInvalid', 400, options),
  baselineNameTaken: (options?: Options) =>
    new AppError(scoringCodes.baselineNameTaken, 'baselineNameTaken', 409, options),
  baselineOwnCompetition: (options?: Options) =>
    new AppError(scoringCodes.baselineOwnCompetition, 'baselineOwnCompetition', 403, options),
  baselineUnknown: (options?: Options) =>
    new AppError(scoringCodes.baselineUnknown, 'baselineUnknown', 404, options),
  baselinesFinal: (options?: Options) =>
    new AppError(scoringCodes.baselinesFinal, 'baselinesFinal', 409, options),
  baselinesLimitReached: (options?: Options) =>
    new AppError(scoringCodes.baselinesLimitReached, 'baselinesLimitReached', 409, options),
  writeUpsNotPublished: (options?: Options) =>
    new AppError(scoringCodes.writeUpsNotPublished, 'writeUpsNotPublished', 409, options),
  writeUpsNotOpen: (options?: Options) =>
    new AppError(scoringCodes.writeUpsNotOpen, 'writeUpsNotOpen', 409, options),
  writeUpNotPrizePlace: (options?: Options) =>
    new AppError(scoringCodes.writeUpNotPrizePlace, 'writeUpNotPrizePlace', 403, options),
  writeUpsClosed: (options?: Options) =>
    new AppError(scoringCodes.writeUpsClosed, 'writeUpsClosed', 409, options),
  writeUpRefused: (options?: Options) =>
    new AppError(scoringCodes.writeUpRefused, 'writeUpRefused', 400, options),
  writeUpUnknown: (options?: Options) =>
    new AppError(scoringCodes.writeUpUnknown, 'writeUpUnknown', 404, options),
  writeUpHidden: (options?: Options) =>
    new AppError(scoringCodes.writeUpHidden, 'writeUpHidden', 409, options),
  writeUpOwnCompetition: (options?: Options) =>
    new AppError(scoringCodes.writeUpOwnCompetition, 'writeUpOwnCompetition', 403, options),
  boardAsOfInvalid: (options?: Options) =>
    new AppError(scoringCodes.boardAsOfInvalid, 'boardAsOfInvalid', 400, options),
  boardAsOfLimitReached: (options?: Options) =>
    new AppError(scoringCodes.boardAsOfLimitReached, 'boardAsOfLimitReached', 429, options),
  boardOptionsFinal: (options?: Options) =>
    new AppError(scoringCodes.boardOptionsFinal, 'boardOptionsFinal', 409, options),
  secondaryMetricsInvalid: (options?: Options) =>
    new AppError(scoringCodes.secondaryMetricsInvalid, 'secondaryMetricsInvalid', 400, options),
  boardOrderInvalid: (options?: Options) =>
    new AppError(scoringCodes.boardOrderInvalid, 'boardOrderInvalid', 400, options),
  secondaryMetricIncompatible: (options?: Options) =>
    new AppError(scoringCodes.secondaryMetricIncompatible, 'secondaryMetricIncompatible', 400, options),
  competitionUnknown: (options?: Options) =>
    new AppError(scoringCodes.competitionUnknown, 'competitionUnknown', 404, options),
  configPathInvalid: (options?: Options) =>
    new AppError(scoringCodes.configPathInvalid, 'configPathInvalid', 400, options),
  containerRunsUnavailable: (options?: Options) =>
    new AppError(scoringCodes.containerRunsUnavailable, 'containerRunsUnavailable', 400, options),
  dailyLimitReached: (options?: Options) =>
    new AppError(scoringCodes.dailyLimitReached, 'dailyLimitReached', 429, options),
  fileRequired: (options?: Options) => new AppError(scoringCodes.fileRequired, 'fileRequired', 400, options),
  fileTooLarge: (options?: Options) => new AppError(scoringCodes.fileTooLarge, 'fileTooLarge', 413, options),
  finalSelectionClosed: (options?: Options) =>
    new AppError(scoringCodes.finalSelectionClosed, 'finalSelectionClosed', 409, options),
  finalSelectionInvalid: (options?: Options) =>
    new AppError(scoringCodes.finalSelectionInvalid, 'finalSelectionInvalid', 400, options),
  formatRefusalsLimitReached: (options?: Options) =>
    new AppError(scoringCodes.formatRefusalsLimitReached, 'formatRefusalsLimitReached', 429, options),
  publicShareOutOfRange: (options?: Options) =>
    new AppError(scoringCodes.publicShareOutOfRange, 'publicShareOutOfRange', 400, options),
  groundTruthNotRevealed: (options?: Options) =>
    new AppError(scoringCodes.groundTruthNotRevealed, 'groundTruthNotRevealed', 409, options),
  groundTruthUnscorable: (options?: Options) =>
    new AppError(scoringCodes.groundTruthUnscorable, 'groundTruthUnscorable', 400, options),
  imageCredentialsTooLong: (options?: Options) =>
    new AppError(scoringCodes.imageCredentialsTooLong, 'imageCredentialsTooLong', 400, options),
  imageReferenceInvalid: (options?: Options) =>
    new AppError(scoringCodes.imageReferenceInvalid, 'imageReferenceInvalid', 400, options),
  imageRegistryNotAllowed: (options?: Options) =>
    new AppError(scoringCodes.imageRegistryNotAllowed, 'imageRegistryNotAllowed', 400, options),
  imageUsernameRequired: (options?: Options) =>
    new AppError(scoringCodes.imageUsernameRequired, 'imageUsernameRequired', 400, options),
  invalidRequest: (options?: Options) =>
    new AppError(errorCodes.invalidRequest, 'invalidRequest', 400, options),
  mergedTeamOverAllowance: (options?: Options) =>
    new AppError(scoringCodes.mergedTeamOverAllowance, 'mergedTeamOverAllowance', 429, options),
  smokeRunsUnavailable: (options?: Options) =>
    new AppError(scoringCodes.smokeRunsUnavailable, 'smokeRunsUnavailable', 400, options),
  smokeRunsLimitReached: (options?: Options) =>
    new AppError(scoringCodes.smokeRunsLimitReached, 'smokeRunsLimitReached', 429, options),
  smokeSplitNotPublicDataset: (options?: Options) =>
    new AppError(scoringCodes.smokeSplitNotPublicDataset, 'smokeSplitNotPublicDataset', 400, options),
  smokeRunNotRanked: (options?: Options) =>
    new AppError(scoringCodes.smokeRunNotRanked, 'smokeRunNotRanked', 409, options),
  noGroundTruth: (options?: Options) =>
    new AppError(scoringCodes.noGroundTruth, 'noGroundTruth', 400, options),
  noOpenPhase: (options?: Options) => new AppError(scoringCodes.noOpenPhase, 'noOpenPhase', 400, options),
  notAvailableYet: (options?: Options) =>
    new AppError(errorCodes.notAvailable, 'notAvailableYet', 501, options),
  notSignedUp: (options?: Options) => new AppError(scoringCodes.notSignedUp, 'notSignedUp', 403, options),
  ownTeamDecision: (options?: Options) =>
    new AppError(scoringCodes.ownTeamDecision, 'ownTeamDecision', 403, options),
  phaseResultsPublished: (options?: Options) =>
    new AppError(scoringCodes.phaseResultsPublished, 'phaseResultsPublished', 409, options),
  previousRunStillRunning: (options?: Options) =>
    new AppError(scoringCodes.previousRunStillRunning, 'previousRunStillRunning', 409, options),
  privateLeaderboardHidden: (options?: Options) =>
    new AppError(scoringCodes.privateLeaderboardHidden, 'privateLeaderboardHidden', 403, options),
  publicBoardBlind: (options?: Options) =>
    new AppError(scoringCodes.publicBoardBlind, 'publicBoardBlind', 403, options),
  publicationBeforePhaseClosed: (options?: Options) =>
    new AppError(scoringCodes.publicationBeforePhaseEnd, 'publicationBeforePhaseClosed', 409, options),
  publicationBeforePhaseEnd: (options?: Options) =>
    new AppError(scoringCodes.publicationBeforePhaseEnd, 'publicationBeforePhaseEnd', 409, options),
  publicationPhaseUnknown: (options?: Options) =>
    new AppError(scoringCodes.publicationPhaseUnknown, 'publicationPhaseUnknown', 404, options),
  publicationScoringUnfinished: (options?: Options) =>
    new AppError(scoringCodes.publicationScoringUnfinished, 'publicationScoringUnfinished', 409, options),
  publicationNeedsTwo: (options?: Options) =>
    new AppError(integrityCodes.publicationNeedsTwo, 'publicationNeedsTwo', 409, options),
  resultHeaderWrong: (options?: Options) =>
    new AppError(scoringCodes.resultHeaderWrong, 'resultHeaderWrong', 400, options),
  resultLineTooLong: (options?: Options) =>
    new AppError(scoringCodes.resultLineTooLong, 'resultLineTooLong', 400, options),
  resultTooManyColumns: (options?: Options) =>
    new AppError(scoringCodes.resultTooManyColumns, 'resultTooManyColumns', 400, options),
  resultsFinal: (options?: Options) =>
    new AppError(integrityCodes.resultsFinal, 'resultsFinal', 409, options),
  resumableUploadsLimit: (options?: Options) =>
    new AppError(scoringCodes.resumableUploadsLimit, 'resumableUploadsLimit', 429, options),
  sampleSubmissionUnavailable: (options?: Options) =>
    new AppError(scoringCodes.sampleSubmissionUnavailable, 'sampleSubmissionUnavailable', 404, options),
  sealNothingToSeal: (options?: Options) =>
    new AppError(integrityCodes.sealNothingToSeal, 'sealNothingToSeal', 409, options),
  sealStale: (options?: Options) => new AppError(integrityCodes.sealStale, 'sealStale', 409, options),
  signalDecided: (options?: Options) =>
    new AppError(integrityCodes.signalDecided, 'signalDecided', 409, options),
  signalNotFound: (options?: Options) =>
    new AppError(integrityCodes.signalNotFound, 'signalNotFound', 404, options),
  signalTeamNotNamed: (options?: Options) =>
    new AppError(integrityCodes.signalTeamNotNamed, 'signalTeamNotNamed', 400, options),
  submissionDescriptionTooLong: (options?: Options) =>
    new AppError(scoringCodes.submissionDescriptionTooLong, 'submissionDescriptionTooLong', 400, options),
  submissionKindNotAccepted: (options?: Options) =>
    new AppError(scoringCodes.submissionKindNotAccepted, 'submissionKindNotAccepted', 400, options),
  submissionNotCancellable: (options?: Options) =>
    new AppError(scoringCodes.submissionNotCancellable, 'submissionNotCancellable', 409, options),
  submissionNotClaimable: (options?: Options) =>
    new AppError(scoringCodes.submissionNotClaimable, 'submissionNotClaimable', 409, options),
  /** The result file of a run that had hidden datasets mounted (decision 0032). */
  runResultWithheld: (options?: Options) =>
    new AppError(scoringCodes.runResultWithheld, 'runResultWithheld', 403, options),
  submissionNotFound: (options?: Options) =>
    new AppError(scoringCodes.submissionNotFound, 'submissionNotFound', 404, options),
  submissionNotRescorable: (options?: Options) =>
    new AppError(scoringCodes.submissionNotRescorable, 'submissionNotRescorable', 409, options),
  teamHasNoSubmissions: (options?: Options) =>
    new AppError(scoringCodes.teamHasNoSubmissions, 'teamHasNoSubmissions', 404, options),
};
