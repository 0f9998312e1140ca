import CloseIcon from '@mui/icons-material/Close';
import { useState } from 'react';
import { Button, useRecordContext } from 'react-admin';
import { RejectDialog } from './RejectDialog';
import { useDecision } from './useDecision';

export function RejectButton() {
  const record = useRecordContext();
  const { decide, isPending } = useDecision(record);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        label="console.verifications.actions.reject"
        variant="outlined"
        color="error"
        disabled={isPending || !record}
        onClick={() => setOpen(true)}
        data-testid="reject"
      >
        <CloseIcon />
      </Button>
      <RejectDialog
        open={open}
        pending={isPending}
        onClose={() => setOpen(false)}
        onConfirm={async (reason) => {
          if (await decide({ action: 'reject', reason })) setOpen(false);
        }}
      />
    </>
  );
}
