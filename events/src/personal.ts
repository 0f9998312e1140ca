import { z } from 'zod';

/**
 * Personal data in events is sealed with a key of its own per person (crypto-shredding, decision 0017):
 * a sealed value is the text `pd1.<subject>.<base64url of iv ‖ tag ‖ ciphertext>` (AES-256-GCM of the
 * value's JSON, the subject and the field bound as associated data). Destroying the subject's key makes
 * every such value of that person unreadable while the events, and their hashes, stay as they are.
 */
export const sealedValuePattern = /^pd1\.([0-9a-f-]{36})\.([A-Za-z0-9_-]+)$/;
export const SealedValue = z.string().regex(sealedValuePattern);

/** A field that holds personal data: its plain form (validated before sealing), or its sealed form as stored. */
export function personal<T extends z.ZodType>(plain: T) {
  return z.union([plain, SealedValue]);
}

/** Which top-level fields of an event's data are personal, and which field names their person. */
export interface PersonalFields {
  /** The data field holding the person's account id: the subject whose key seals the fields. */
  readonly subject: string;
  readonly fields: readonly string[];
}

export function isSealedValue(value: unknown): value is string {
  return typeof value === 'string' && sealedValuePattern.test(value);
}
