import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { profileLimits } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../forms/notify';
import { useForm } from '../../forms/useForm';
import { useMessages } from '../../forms/useMessages';
import { session } from '../session/session';
import type { UserDetail } from '../session/types';
import { updateProfile } from './profileApi';
import { type ProfileValues, profileChangesOf, profileValuesOf, validateProfile } from './validation';

type TextFieldName = Exclude<keyof ProfileValues, 'isStudent' | 'graduationDate'>;
const textFields: readonly { name: TextFieldName; maxLength: number; required?: boolean; rows?: number }[] = [
  { name: 'nickname', maxLength: profileLimits.nickname },
  { name: 'countryRegion', maxLength: profileLimits.countryRegion, required: true },
  { name: 'organization', maxLength: profileLimits.organization, required: true },
  { name: 'address', maxLength: profileLimits.address },
  { name: 'description', maxLength: profileLimits.description, rows: 3 },
];

export function ProfileForm({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { field } = useMessages();
  const form = useForm(profileValuesOf(user), validateProfile);
  const { values, errors } = form;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      data-testid="profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (next) => {
          await updateProfile(profileChangesOf(next));
          notifySuccess('profileUpdateSuccess');
          await session.load();
        });
      }}
    >
      {textFields.map(({ name, maxLength, required, rows }) => (
        <TextField
          key={name}
          name={name}
          label={t(`profile.fields.${name}`)}
          value={values[name]}
          onChange={(event) => form.set(name, event.target.value)}
          error={!!errors[name as keyof typeof errors]}
          helperText={field(errors[name as keyof typeof errors])}
          required={required}
          multiline={!!rows}
          minRows={rows}
          slotProps={{ htmlInput: { maxLength } }}
          fullWidth
        />
      ))}
      <FormControlLabel
        control={
          <Switch
            checked={values.isStudent}
            onChange={(event) => form.set('isStudent', event.target.checked)}
          />
        }
        label={t('profile.fields.isStudent')}
      />
      {values.isStudent ? (
        <TextField
          name="graduationDate"
          type="date"
          label={t('profile.fields.graduationDate')}
          value={values.graduationDate}
          onChange={(event) => form.set('graduationDate', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      ) : null}
      <Button
        type="submit"
        variant="contained"
        disableElevation
        disabled={form.busy}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('common.save')}
      </Button>
    </Stack>
  );
}
