import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../forms/notify';
import { useForm } from '../../forms/useForm';
import { useMessages } from '../../forms/useMessages';
import { loginWithPassword } from './authApi';
import { useAfterSignIn } from './useAfterSignIn';
import { validatePasswordLogin } from './validation';

/** Account name, email or phone number, with the password. */
export function PasswordLoginForm() {
  const { t } = useTranslation();
  const { field } = useMessages();
  const afterSignIn = useAfterSignIn();
  const form = useForm({ username: '', password: '' }, validatePasswordLogin);
  const { values, errors } = form;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async ({ username, password }) => {
          await loginWithPassword(username.trim(), password);
          notifySuccess('loginSuccess');
          await afterSignIn();
        });
      }}
    >
      <TextField
        label={t('login.account')}
        value={values.username}
        onChange={(event) => form.set('username', event.target.value)}
        error={!!errors.username}
        helperText={field(errors.username)}
        autoComplete="username"
        fullWidth
      />
      <TextField
        label={t('login.password')}
        type="password"
        value={values.password}
        onChange={(event) => form.set('password', event.target.value)}
        error={!!errors.password}
        helperText={field(errors.password)}
        autoComplete="current-password"
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={form.busy} disableElevation>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
