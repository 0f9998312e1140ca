/**
 * Submission rules the scoring service applies to every competition, in one place so competition
 * pages show the numbers the service enforces (issue 21).
 */

/** A team picks at most this many Completed submissions of a phase for its final results (40010). */
export const finalSelectionLimit = 2;

/**
 * Files refused for their format a team may have per competition and day (decision 0020): such a
 * refusal gives its allowance back (or never uses it), up to this many; then submissions wait for the
 * next day, so the free refusals cannot be used to probe the ground truth.
 */
export const formatRefusalsPerDay = 10;

/** A submission's optional message (as Kaggle's description): trimmed, at most this many characters. */
export const submissionDescriptionMax = 500;

/**
 * Result files by size: one multipart request (`POST /submission/upload`) up to `multipartBytes`, the
 * resumable upload (tus, decision 0009) up to `resumableBytes`. The service enforces them; the portal and
 * the `sais` client choose the way to send from them.
 */
export const resultFileLimits = {
  multipartBytes: 20 * 1024 * 1024,
  resumableBytes: 100 * 1024 * 1024,
} as const;
