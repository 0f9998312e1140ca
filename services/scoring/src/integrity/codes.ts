/** Scoring's integrity codes (40040–40049); texts in events/src/messages/scoring.ts, listed in docs/errors.md. */
export const integrityCodes = {
  sealNothingToSeal: 40040,
  /** Two people for final results (issue 19): publish through a proposal and another operator's approval. */
  publicationNeedsTwo: 40041,
  sealStale: 40042,
  resultsFinal: 40043,
  signalNotFound: 40044,
  signalDecided: 40045,
  signalTeamNotNamed: 40046,
  publicationPending: 40047,
  publicationNotProposed: 40048,
  ownProposal: 40049,
} as const;
