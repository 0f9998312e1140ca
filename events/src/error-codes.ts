/**
 * The services' body codes of the `{ code, message, data }` envelope, one table per service (10xxx identity,
 * 20xxx competition, 30xxx team, 40xxx scoring); the platform's own codes are `errorCodes`. Each service's
 * `errors.ts` builds its failures from its table; the apps (portal, console, cli) compare with these
 * instead of writing numbers. The texts are in the message catalogue under the same keys.
 */
/** Identity's body codes (10xxx); texts live in the shared catalogue (events/src/messages.ts). */
export const identityCodes = {
  accountExists: 10001,
  usernameTaken: 10002,
  emailTaken: 10003,
  phoneTaken: 10004,
  wrongCredentials: 10005,
  accountLocked: 10006,
  accountDisabled: 10007,
  codeInvalid: 10010,
  codeExpired: 10011,
  codeBurned: 10012,
  codeTooSoon: 10013,
  codeRateLimited: 10014,
  wrongOldPassword: 10020,
  contactNotRegistered: 10021,
  verificationPending: 10030,
  alreadyVerified: 10031,
  verificationNotPending: 10032,
  alipayNotConfigured: 10033,
  ownVerification: 10034,
  certificateNumberMismatch: 10035,
  photosNotViewed: 10036,
  photoChecklistIncomplete: 10037,
  disableReasonRequired: 10050,
  notOnOwnAccount: 10051,
  staffNeedsAdmin: 10052,
  lastAdmin: 10053,
  identitySignalNotFound: 10060,
  identitySignalDecided: 10061,
  accountClosed: 10070,
  closeReasonRequired: 10071,
} as const;

/** Competition's body codes (20xxx); texts live in events/src/messages/competition.ts. */
export const competitionCodes = {
  competitionNotFound: 20001,
  phaseDatesInvalid: 20002,
  phaseNotScheduled: 20003,
  fileNotFound: 20004,
  verificationRequired: 20010,
  agreementsRequired: 20011,
  registrationClosed: 20012,
  alreadySignedUp: 20013,
  signUpRequired: 20014,
  /** Sign-up before the registration window opens (issue 30); after it, `registrationClosed`. */
  registrationNotOpen: 20015,
  rangeNotSatisfiable: 20020,
  contentTooLong: 20030,
  publicationRuleAdminOnly: 20040,
  /** The prize money of a competition that has some changed by an operator who is not an admin (issue 33). */
  prizeMoneyAdminOnly: 20041,
  /** Another competition has this slug already (issue 35 point 12, decision 0036). */
  slugTaken: 20060,
  /** A phase's run limit above the runners' machine ceiling (issue 36, decision 0044). */
  runLimitAboveCeiling: 20070,
  runLimitBelowMinimum: 20071,
  /** A GPU count above 0 while no deployment declares GPUs (decision 0044). */
  runGpusUnavailable: 20072,
  /** Only a dataset file can be hidden from participants, not a documentation file (decision 0032). */
  onlyDatasetsHidden: 20073,
} as const;

/** Team's body codes (30xxx); texts live in the shared catalogue (events/src/messages/team.ts). */
export const teamCodes = {
  teamNotFound: 30001,
  competitionNotFound: 30002,
  notSignedUp: 30003,
  alreadyInTeam: 30004,
  applicantInTeam: 30005,
  applicationPending: 30006,
  applicationNotFound: 30007,
  teamFull: 30008,
  attemptsExhausted: 30009,
  changesClosed: 30010,
  ownerCannotLeave: 30011,
  teamDisbanded: 30012,
  mergeExceedsSubmissions: 30013,
  dissolveReasonRequired: 30050,
  ownTeamDecision: 30051,
  // Invitations (issue 35, decision 0035): 30060–30069.
  invitationNotFound: 30060,
  invitationExpired: 30061,
  invitationRevoked: 30062,
  invitationUsedUp: 30063,
  invitationsLimit: 30064,
  invitationsTotalLimit: 30065,
} as const;

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
  /** A worker's claim or record on a submission that is finished or held by another (issue 20's decider). */
  submissionNotClaimable: 40036,
  // Phase rules (issue 30, decision 0025): 40050–40059.
  /** Final results proposed, approved or published while the phase is open or has not ended yet. */
  publicationBeforePhaseEnd: 40050,
  /** Final results of a phase some of whose submissions are still being scored (or not on the board yet). */
  publicationScoringUnfinished: 40051,
  /** A submission into a phase whose final results are published (an operator opened it again). */
  phaseResultsPublished: 40052,
  /** Final results of a phase the competition does not have. */
  publicationPhaseUnknown: 40053,
  /** A ground truth's public share outside 1–99 % (decision 0024: both boards need rows). */
  publicShareOutOfRange: 40070,
  /** The ground truth's file is not published: the organiser keeps it, or final results are not all published. */
  groundTruthNotRevealed: 40100,
  // The live leaderboard's server-sent events (issue 33): 40060–40069.
  /** Too many open live-leaderboard connections from one client address (SCORING_STREAMS_PER_ADDRESS). */
  leaderboardStreamsPerAddress: 40060,
  /** The process holds as many live-leaderboard connections as it takes (SCORING_STREAMS_TOTAL). */
  leaderboardStreamsFull: 40061,
  // A phase's public board options (decision 0045): 40110–40119.
  /** A blind phase: its public leaderboard is for operators only; participants see "scored" and their allowance. */
  publicBoardBlind: 40110,
  /** A phase whose final results are published keeps the board options it had. */
  boardOptionsFinal: 40111,
  // Baselines (decision 0050): 40130–40139.
  /** A baseline file the scorer refuses (its refusal in `data`, as a submission's). */
  baselineFileInvalid: 40130,
  /** No such baseline (or it was removed). */
  baselineUnknown: 40131,
  /** The phase's final results are published: its baselines can no longer change. */
  baselinesFinal: 40132,
  /** The phase has as many baselines as it may (`baselineLimits.perPhase`). */
  baselinesLimitReached: 40133,
  /** The phase already has a baseline of that name. */
  baselineNameTaken: 40134,
  /** An operator who is on a team of the competition (or submitted to it) may not add or remove its baselines. */
  baselineOwnCompetition: 40135,
  // Several metrics (decision 0046): 40140–40149.
  /** The secondary metrics named are not a list the ground truth can take (unknown, repeated, the primary, too many). */
  secondaryMetricsInvalid: 40140,
  /** A secondary metric cannot score this ground truth with the primary (another kind of target, or values it refuses). */
  secondaryMetricIncompatible: 40141,
  // Write-ups (decision 0047): 40150–40159.
  /** The phase's final results are not published: there are no prize places yet. */
  writeUpsNotPublished: 40150,
  /** Operators have not opened write-ups for this phase. */
  writeUpsNotOpen: 40151,
  /** The caller's team is not in the phase's prize places (or not on its board). */
  writeUpNotPrizePlace: 40152,
  /** The write-ups' deadline has passed. */
  writeUpsClosed: 40153,
  /** A write-up's title, body or files over their limits, or a file of a kind not taken. */
  writeUpRefused: 40154,
  /** No such write-up (or file of one). */
  writeUpUnknown: 40155,
  /** The team's write-up was hidden by an operator; it cannot be replaced. */
  writeUpHidden: 40156,
  /** An operator who takes part in the competition may not open or hide its write-ups. */
  writeUpOwnCompetition: 40157,
  // Board order and computed column (issue 37, decision 0046): 40160–40169.
  /** A chosen order is not a list of distinct metric steps of the ground truth in force (`score`, `scores.<metric>`). */
  boardOrderInvalid: 40160,
  // Hidden datasets (decision 0032): 40120–40129.
  /** The result file of a run that had hidden datasets mounted is not given to the participant. */
  runResultWithheld: 40120,
  // Smoke runs (decision 0049): 40121–40125.
  /** The competition has no smoke split: smoke runs are not available. */
  smokeRunsUnavailable: 40121,
  /** The team made today's smoke runs (their own cap, apart from the allowance). */
  smokeRunsLimitReached: 40122,
  /** Only a visible dataset file of the competition can be its smoke split (not a document, not a hidden one). */
  smokeSplitNotPublicDataset: 40123,
  /** A smoke run is never scored, ranked, rescored or chosen for the final leaderboard. */
  smokeRunNotRanked: 40124,
} as const;
