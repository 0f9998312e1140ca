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
  rangeNotSatisfiable: 20020,
} as const;
