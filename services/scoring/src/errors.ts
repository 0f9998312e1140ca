/** Scoring's body codes (40xxx); texts live in events/src/messages/scoring.ts. */
export const scoringCodes = {
  competitionUnknown: 40001,
  notSignedUp: 40002,
  noOpenPhase: 40003,
  dailyLimitReached: 40004,
  noGroundTruth: 40005,
  fileRequired: 40006,
  fileTooLarge: 40007,
  submissionNotFound: 40008,
  privateLeaderboardHidden: 40009,
  finalSelectionInvalid: 40010,
  finalSelectionClosed: 40011,
  submissionNotRescorable: 40012,
  teamHasNoSubmissions: 40013,
  alreadyDisqualified: 40014,
  /** A ground truth whose public or private part its metric cannot score (decision 0010). */
  groundTruthUnscorable: 40015,
  /** After a merge: the team has made as many submissions as one team could have by today (decision 0005). */
  mergedTeamOverAllowance: 40019,
  // Result-file uploads (issue 18): lines and columns capped while reading, open resumable uploads.
  resultLineTooLong: 40016,
  resultTooManyColumns: 40017,
  resumableUploadsLimit: 40018,
  // Container-image submissions: 40020–40039.
  previousRunStillRunning: 40020,
  submissionKindNotAccepted: 40021,
  imageReferenceInvalid: 40022,
  imageUsernameRequired: 40023,
  imageCredentialsTooLong: 40024,
  configPathInvalid: 40025,
  /** SCORING_CONTAINERS=off: this deployment runs no container images (infra/deploy). */
  containerRunsUnavailable: 40026,
  /** The image's registry is local or private and the competition does not allow it (issue 18). */
  imageRegistryNotAllowed: 40027,
  /** Issue 19: nobody decides on their own team (disqualification). */
  ownTeamDecision: 40028,
  // Fair submission rules and the queue (decision 0020).
  formatRefusalsLimitReached: 40029,
  resultHeaderWrong: 40030,
  submissionNotCancellable: 40031,
  sampleSubmissionUnavailable: 40032,
  /** A submission's message over scoring.submissionDescriptionMax characters. */
  submissionDescriptionTooLong: 40033,
  /** A leaderboard as of a past time (decision 0019): too many rebuilds asked by one account, or a bad time. */
  boardAsOfLimitReached: 40034,
  boardAsOfInvalid: 40035,
} as const;
