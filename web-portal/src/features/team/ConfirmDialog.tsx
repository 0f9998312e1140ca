import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface Confirmation {
  title: string;
  text: string;
  run: () => Promise<unknown>;
}

/** Asks before an action that cannot be undone (disband, remove, transfer, leave). */
export function ConfirmDialog({
  confirmation,
  busy,
  onClose,
  onConfirm,
}: {
  confirmation: Confirmation | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={confirmation !== null} onClose={onClose} aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{confirmation?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{confirmation?.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={onConfirm}>
          {t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
