import { reasonMaxLength } from '@sais/events';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { type RejectReason, reasonText, rejectReasons } from './choices';

export interface RejectDialogProps {
  open: boolean;
  pending?: boolean;
  onClose: () => void;
  /** Receives the reason as the participant will read it. */
  onConfirm: (reason: string) => void;
}

/** Asks for the reason of a rejection: one from the list (none chosen beforehand), or written by the reviewer. */
export function RejectDialog({ open, pending = false, onClose, onConfirm }: RejectDialogProps) {
  const translate = useTranslate();
  const [choice, setChoice] = useState<RejectReason | ''>('');
  const [written, setWritten] = useState('');
  const reason = choice ? reasonText(choice, written, translate) : '';
  return (
    <ConfirmDialog
      open={open}
      title="console.verifications.reject.title"
      confirm="console.verifications.reject.confirm"
      disabled={pending || reason.length === 0}
      onClose={onClose}
      onConfirm={() => onConfirm(reason)}
    >
      <RadioGroup
        name="reason"
        value={choice}
        onChange={(event) => setChoice(event.target.value as RejectReason)}
      >
        {rejectReasons.map((key) => (
          <FormControlLabel
            key={key}
            value={key}
            control={<Radio />}
            label={translate(`console.verifications.reasons.${key}`)}
          />
        ))}
      </RadioGroup>
      {choice === 'other' && (
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={translate('console.verifications.reject.written')}
          value={written}
          onChange={(event) => setWritten(event.target.value)}
          slotProps={{ htmlInput: { maxLength: reasonMaxLength } }}
        />
      )}
    </ConfirmDialog>
  );
}
