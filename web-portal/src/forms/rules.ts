import type { MessageKey } from '@sais/events';

/** What a form shows under a field: a message of the shared catalogue, or the portal's "required". */
export type FieldMessage = MessageKey | 'required';

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldMessage>>;

/** The part of a zod schema a form needs (the schemas come from @sais/events, spec §5). */
export interface FieldRule {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/** The catalogue key of the first failure of `rule` for `value`, or undefined when it passes. */
export function check(rule: FieldRule, value: unknown): MessageKey | undefined {
  const result = rule.safeParse(value);
  if (result.success) return undefined;
  return (result.error?.issues[0]?.message ?? 'invalidRequest') as MessageKey;
}

/** Drops the fields that passed, so `{}` means the whole form is valid. */
export function errorsOf<Field extends string>(
  entries: Record<Field, FieldMessage | undefined>,
): FieldErrors<Field> {
  return Object.fromEntries(
    Object.entries(entries).filter(([, message]) => message !== undefined),
  ) as FieldErrors<Field>;
}

export function isValid(errors: object): boolean {
  return Object.keys(errors).length === 0;
}
