import { useState } from 'react';
import type { FieldErrors, FieldMessage } from './rules';
import { isValid } from './rules';

/** Values, per-field messages (catalogue keys, translated at render) and a busy flag for a form. */
export function useForm<Values extends object, Field extends string>(
  initial: Values,
  validate: (values: Values) => FieldErrors<Field>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  return {
    values,
    errors,
    busy,
    setValues,
    set<K extends keyof Values>(key: K, value: Values[K]) {
      setValues((previous) => ({ ...previous, [key]: value }));
      setErrors((previous) => ({ ...previous, [key]: undefined }));
    },
    setError(field: Field, message: FieldMessage | undefined) {
      setErrors((previous) => ({ ...previous, [field]: message }));
    },
    reset() {
      setValues(initial);
      setErrors({});
    },
    /** Validates; when valid runs `work` with the busy flag on. Resolves true when `work` succeeded. */
    async submit(work: (values: Values) => Promise<void>): Promise<boolean> {
      const found = validate(values);
      setErrors(found);
      if (!isValid(found)) return false;
      setBusy(true);
      try {
        await work(values);
        return true;
      } catch {
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}
