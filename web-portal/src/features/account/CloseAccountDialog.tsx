import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CloseAccountDialogProps {
  open: boolean;
  onClose: () => void;
  /** Closes the account with the password; rejects (with the server's notice shown) on failure. */
  close: (password: string) => Promise<void>;
}

/**
 * The confirmation before closing the account: what happens (signed out, no more sign-in, personal
 * data deleted 90 working days later), the password, and an explicit "I understand".
 */
export function CloseAccountDialog({ open, onClose, close }: CloseAccountDialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = () => {
    setPassword('');
    setUnderstood(false);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await close(password);
    } catch {
      // The server's message was shown as a notice; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={cancel} fullWidth maxWidth="sm" aria-labelledby="close-account-title">
      <DialogTitle id="close-account-title">{t('closeAccount.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('closeAccount.warning')}</Alert>
          <Typography variant="body2">{t('closeAccount.deletion')}</Typography>
          <TextField
            name="password"
            type="password"
            label={t('closeAccount.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
            fullWidth
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={understood}
                onChange={(event) => setUnderstood(event.target.checked)}
                name="understood"
              />
            }
            label={t('closeAccount.understood')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{t('common.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disableElevation
          disabled={!understood || !password || busy}
          onClick={() => void confirm()}
          data-testid="close-account-confirm"
        >
          {t('closeAccount.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
