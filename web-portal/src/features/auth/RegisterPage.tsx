import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AuthFormMode } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { loginAddress } from '../../api/client';
import { notifySuccess } from '../../forms/notify';
import { useForm } from '../../forms/useForm';
import { useMessages } from '../../forms/useMessages';
import { loginWithPassword, register } from './authApi';
import { AuthCard } from './AuthCard';
import { ContactFields } from './ContactFields';
import { TermsCheckbox } from './TermsCheckbox';
import { useAfterSignIn } from './useAfterSignIn';
import { type RegisterValues, validateRegister } from './validation';

const initial: RegisterValues = {
  username: '',
  password: '',
  channel: 'email',
  address: '',
  code: '',
  agree: false,
};

/** /register: account name, password, a verified email or phone, and the service terms. Signs in after. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { field } = useMessages();
  const [params] = useSearchParams();
  const afterSignIn = useAfterSignIn();
  const form = useForm(initial, validateRegister);
  const { values, errors } = form;
  const redirect = params.get('redirect');

  return (
    <AuthCard title={t('register.title')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(async (registration) => {
            await register({ ...registration, username: registration.username.trim() });
            notifySuccess('registerSuccess');
            await loginWithPassword(registration.username.trim(), registration.password);
            await afterSignIn();
          });
        }}
      >
        <TextField
          label={t('register.username')}
          value={values.username}
          onChange={(event) => form.set('username', event.target.value)}
          error={!!errors.username}
          helperText={field(errors.username) ?? t('register.usernameHint')}
          autoComplete="username"
          fullWidth
        />
        <TextField
          label={t('register.password')}
          type="password"
          value={values.password}
          onChange={(event) => form.set('password', event.target.value)}
          error={!!errors.password}
          helperText={field(errors.password) ?? t('register.passwordHint')}
          autoComplete="new-password"
          fullWidth
        />
        <ContactFields
          values={values}
          onChange={(contact) => form.setValues((previous) => ({ ...previous, ...contact }))}
          errors={errors}
          onError={form.setError}
          mode={AuthFormMode.REGISTER}
        />
        <TermsCheckbox
          checked={values.agree}
          onChange={(agree) => form.set('agree', agree)}
          error={errors.agree}
        />
        <Button type="submit" variant="contained" size="large" disabled={form.busy} disableElevation>
          {t('register.submit')}
        </Button>
      </Stack>
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to={redirect ? loginAddress(redirect) : '/login'}>
          {t('register.toLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
}
