import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { AuthFormMode } from '@sais/events';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../forms/notify';
import { useForm } from '../../forms/useForm';
import { ContactFields } from '../auth/ContactFields';
import { type ContactValues, validateContact } from '../auth/validation';
import { session } from '../session/session';
import { updateContact } from './profileApi';

const initial: ContactValues = { channel: 'email', address: '', code: '' };

/** A new email or phone number, proved with a code sent to it (mode UPDATE). */
export function ContactChangeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm(initial, validateContact);
  const close = () => {
    form.reset();
    onClose();
  };
  const save = async () => {
    const saved = await form.submit(async ({ channel, address, code }) => {
      await updateContact({ channel, address }, code);
      notifySuccess('modifySuccess');
      await session.load();
    });
    if (saved) close();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="contact-change-title">
      <DialogTitle id="contact-change-title">{t('profile.changeContact')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ContactFields
            values={form.values}
            onChange={form.setValues}
            errors={form.errors}
            onError={form.setError}
            mode={AuthFormMode.UPDATE}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" disableElevation disabled={form.busy} onClick={() => void save()}>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
