import TextField from '@mui/material/TextField';
import { FieldTitle, type Validator, useInput, useResourceContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { isoToZonedLocal, platformZone, zonedToIso } from './time';

/**
 * A date and time typed in the competition's zone (the form's `timeZone`, named in the label), kept
 * as an ISO instant: a schedule reads the same here, in lists and on the portal (issue 19).
 */
export function ZonedDateTimeInput({
  source,
  validate,
}: {
  source: string;
  validate?: Validator | Validator[];
}) {
  const resource = useResourceContext();
  const zone = (useWatch({ name: 'timeZone' }) as string | undefined) || platformZone;
  const valid = (() => {
    try {
      return Boolean(new Intl.DateTimeFormat('en', { timeZone: zone }));
    } catch {
      return false;
    }
  })();
  const shown = valid ? zone : 'Asia/Shanghai';
  const { field, fieldState, isRequired } = useInput({
    source,
    validate,
    format: (value: string | null | undefined) => (value ? isoToZonedLocal(value, shown) : ''),
    parse: (value: string) => (value ? zonedToIso(value, shown) : null),
  });
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      type="datetime-local"
      size="small"
      margin="dense"
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ? undefined : ' '}
      label={
        <>
          <FieldTitle source={source} resource={resource} isRequired={isRequired} /> ({shown})
        </>
      }
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
