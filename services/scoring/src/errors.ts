/** Scoring's body codes (40xxx) are shared with the apps: events/src/error-codes.ts; texts in events/src/messages/scoring.ts. */
export { scoringCodes } from '@sais/events';
