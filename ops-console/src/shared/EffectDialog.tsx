import { reasonMaxLength } from '@sais/events';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';

export interface EffectDialogProps {
  open: boolean;
  /** Message keys of the title and of the confirming button. */
  title: string;
  confirm: string;
  /** What will happen, in numbers and names, already in the console's language. */
  effect: string;
  /** Says that it cannot be undone. */
  irreversible?: boolean;
  /** The competition's name the operator must type (publish, phase-wide rescore). */
  typeToConfirm?: string;
  /** Asks for a reason, sent with the command and recorded with its event. */
  withReason?: boolean;
  pending?: boolean;
  /** Something the dialog needs chosen first (e.g. the rescore's scope); false keeps Confirm off. */
  ready?: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  children?: ReactNode;
}

/**
 * Confirmations that state the effect (issue 19): every irreversible or wide action opens this
 * dialog first; Cancel changes nothing. The confirming button opens only once the typed name matches
 * and a reason is given where one is asked for.
 */
export function EffectDialog(props: EffectDialogProps) {
  // A fresh form each time the dialog opens.
  return props.open ? <EffectDialogBody {...props} /> : null;
}

function EffectDialogBody({
  open,
  title,
  confirm,
  effect,
  irreversible = false,
  typeToConfirm,
  withReason = false,
  pending = false,
  ready = true,
  onClose,
  onConfirm,
  children,
}: EffectDialogProps) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const nameMatches = typeToConfirm === undefined || typed.trim() === typeToConfirm.trim();
  const reasonGiven = !withReason || reason.trim().length > 0;
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirm={confirm}
      disabled={pending || !ready || !nameMatches || !reasonGiven}
      onClose={onClose}
      onConfirm={() => onConfirm(reason.trim())}
      confirmTestId="effect-confirm"
      cancelTestId="effect-cancel"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {children}
        <Alert severity={irreversible ? 'warning' : 'info'} data-testid="effect">
          {effect}
          {irreversible && (
            <Typography component="span" sx={{ display: 'block', fontWeight: 600, mt: 0.5 }}>
              {translate('console.trust.confirm.irreversible')}
            </Typography>
          )}
        </Alert>
        {withReason && (
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={translate('console.trust.confirm.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: reasonMaxLength, 'data-testid': 'effect-reason' } }}
          />
        )}
        {typeToConfirm !== undefined && (
          <TextField
            fullWidth
            label={translate('console.trust.confirm.typeName', { name: typeToConfirm })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'effect-typed-name' } }}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}
