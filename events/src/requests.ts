/**
 * Pieces several areas' request bodies share (issue 20): the apps import the limits from here instead
 * of copying them.
 */
import { z } from 'zod';

/** The longest reason an operator or reviewer may give (dissolve, disable, reject, rescore, …). */
export const reasonMaxLength = 500;

/** A reason the route may do without; the handler says when one is needed (with its own message). */
export const optionalReasonBody = z
  .object({ reason: z.string().trim().max(reasonMaxLength).optional() })
  .optional();
export type OptionalReasonBody = z.input<typeof optionalReasonBody>;

/** A reason that must be given (trimmed, 1 to 500 characters). */
export const reasonField = z.string().trim().min(1).max(reasonMaxLength);
