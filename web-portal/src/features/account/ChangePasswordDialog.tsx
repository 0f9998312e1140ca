import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../forms/useForm';
import { useMessages } from '../../forms/useMessages';
import { type ChangePasswordValues, validateChangePassword } from '../auth/validation';

type Field = keyof ChangePasswordValues;
const fields: readonly { name: Field; autoComplete: string }[] = [
  { name: 'oldPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'newPassword2', autoComplete: 'new-password' },
];
const empty: ChangePasswordValues = { oldPassword: '', newPassword: '', newPassword2: '' };

interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Changes the password; rejects on failure. */
  save: (values: ChangePasswordValues) => Promise<void>;
  onSaved: () => void;
}

/**
 * Spec §4: current, new and new-again; OK is disabled while submitting; closes on success or cancel,
 * and the fields are cleared whenever it closes. A failure is only logged to the console (spec §8).
 */
export function ChangePasswordDialog({ open, onClose, save, onSaved }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const { field } = useMessages();
  const form = useForm(empty, validateChangePassword);
  const close = () => {
    form.reset();
    onClose();
  };

  const submit = async () => {
    const saved = await form.submit(async (values) => {
      try {
        await save(values);
      } catch (error) {
        console.error('change password failed', error);
        throw error;
      }
    });
    if (saved) {
      form.reset();
      onSaved();
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <DialogTitle id="change-password-title">{t('changePassword.title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="change-password-form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {fields.map(({ name, autoComplete }) => (
            <TextField
              key={name}
              name={name}
              label={t(`changePassword.${name}`)}
              type="password"
              value={form.values[name]}
              onChange={(event) => form.set(name, event.target.value)}
              error={!!form.errors[name]}
              helperText={field(form.errors[name])}
              autoComplete={autoComplete}
              fullWidth
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          form="change-password-form"
          variant="contained"
          disableElevation
          disabled={form.busy}
        >
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
