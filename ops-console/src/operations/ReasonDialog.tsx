import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';

/** The longest reason the services accept. */
export const maxReasonLength = 500;

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  confirm: string;
  pending?: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks for the written reason of a consequential action (disqualify, dissolve, disable). */
export function ReasonDialog({
  open,
  title,
  confirm,
  pending = false,
  onClose,
  onConfirm,
}: ReasonDialogProps) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirm={confirm}
      disabled={pending || reason.trim().length === 0}
      onClose={onClose}
      onConfirm={() => onConfirm(reason.trim())}
      confirmTestId="reason-confirm"
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={2}
        margin="dense"
        name="reason"
        label={translate('console.operations.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        slotProps={{ htmlInput: { maxLength: maxReasonLength, 'data-testid': 'reason-input' } }}
      />
    </ConfirmDialog>
  );
}
