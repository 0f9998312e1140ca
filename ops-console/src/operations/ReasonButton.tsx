import Button from '@mui/material/Button';
import { type ReactNode, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { ReasonDialog } from './ReasonDialog';
import { useCommand } from './useCommand';

export interface ReasonButtonProps {
  resource: string;
  action: string;
  /** Translation keys: the button, the dialog's title and confirm button, the success notice. */
  label: string;
  title: string;
  done: string;
  icon?: ReactNode;
  testId: string;
}

/** A command on the current record that needs a written reason, e.g. disqualify or dissolve. */
export function ReasonButton({ resource, action, label, title, done, icon, testId }: ReasonButtonProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, isPending } = useCommand(resource);
  if (!record) return null;
  return (
    <>
      <Button color="error" startIcon={icon} onClick={() => setOpen(true)} data-testid={testId}>
        {translate(label)}
      </Button>
      <ReasonDialog
        open={open}
        title={title}
        confirm={label}
        pending={isPending}
        onClose={() => setOpen(false)}
        onConfirm={async (reason) => {
          if (await run(record.id, action, { reason }, done)) setOpen(false);
        }}
      />
    </>
  );
}
