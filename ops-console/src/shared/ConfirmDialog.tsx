import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface ConfirmDialogProps {
  open: boolean;
  /** Message keys of the title and of the confirming button. */
  title: string;
  confirm: string;
  /** The confirming button is off (a call under way, or nothing to confirm yet). */
  disabled: boolean;
  onClose: () => void;
  onConfirm: () => void;
  confirmTestId?: string;
  cancelTestId?: string;
  /** What the dialog asks for. */
  children: ReactNode;
}

/** A dialog confirming a consequential action: its question, Cancel, and a red confirming button. */
export function ConfirmDialog({
  open,
  title,
  confirm,
  disabled,
  onClose,
  onConfirm,
  confirmTestId,
  cancelTestId,
  children,
}: ConfirmDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={cancelTestId}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          data-testid={confirmTestId}
          disabled={disabled}
          onClick={onConfirm}
        >
          {translate(confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
