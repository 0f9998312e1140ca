import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { AuthFormMode } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../forms/notify';
import { useForm } from '../../forms/useForm';
import { loginWithCode } from './authApi';
import { ContactFields } from './ContactFields';
import { useAfterSignIn } from './useAfterSignIn';
import { type ContactValues, validateContact } from './validation';

const initial: ContactValues = { channel: 'email', address: '', code: '' };

/** Sign-in with a code sent to the email or phone of the account. */
export function CodeLoginForm() {
  const { t } = useTranslation();
  const afterSignIn = useAfterSignIn();
  const form = useForm(initial, validateContact);

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async ({ channel, address, code }) => {
          await loginWithCode({ channel, address }, code);
          notifySuccess('loginSuccess');
          await afterSignIn();
        });
      }}
    >
      <ContactFields
        values={form.values}
        onChange={form.setValues}
        errors={form.errors}
        onError={form.setError}
        mode={AuthFormMode.LOGIN}
      />
      <Button type="submit" variant="contained" size="large" disabled={form.busy} disableElevation>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
