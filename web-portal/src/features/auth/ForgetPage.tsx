import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AuthFormMode } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifySuccess } from '../../forms/notify';
import { useForm } from '../../forms/useForm';
import { useMessages } from '../../forms/useMessages';
import { resetPassword } from './authApi';
import { AuthCard } from './AuthCard';
import { ContactFields } from './ContactFields';
import { type ResetValues, validateReset } from './validation';

const initial: ResetValues = { channel: 'email', address: '', code: '', password: '' };

/** /forget: a new password, proved with a code sent to the account's email or phone. */
export default function ForgetPage() {
  const { t } = useTranslation();
  const { field } = useMessages();
  const navigate = useNavigate();
  const form = useForm(initial, validateReset);
  const { values, errors } = form;

  return (
    <AuthCard title={t('forget.title')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(async ({ channel, address, code, password }) => {
            await resetPassword({ channel, address }, code, password);
            notifySuccess('resetSuccess');
            await navigate('/login', { replace: true });
          });
        }}
      >
        <ContactFields
          values={values}
          onChange={(contact) => form.setValues((previous) => ({ ...previous, ...contact }))}
          errors={errors}
          onError={form.setError}
          mode={AuthFormMode.RESET}
        />
        <TextField
          label={t('forget.newPassword')}
          type="password"
          value={values.password}
          onChange={(event) => form.set('password', event.target.value)}
          error={!!errors.password}
          helperText={field(errors.password) ?? t('register.passwordHint')}
          autoComplete="new-password"
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={form.busy} disableElevation>
          {t('forget.submit')}
        </Button>
      </Stack>
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login">
          {t('register.toLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
}
