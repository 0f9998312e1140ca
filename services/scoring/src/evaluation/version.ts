/**
 * The scorer's version, committed with each ground truth (GroundTruthUploaded.scorerVersion, decision
 * 0024): what reads files and computes scores. Change it with any change to what a score is (a metric,
 * how a file or a ground truth is read, the split's definition), so a commitment names the scorer that
 * produced the board.
 */
export const SCORER_VERSION = 'sais-scorer/2026-11-27 (keyed split, form 3)';
