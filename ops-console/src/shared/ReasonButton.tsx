import Button from '@mui/material/Button';
import type { OptionalReasonBody, scoring } from '@sais/events';
import { type ReactNode, useState } from 'react';
import { type RaRecord, useRecordContext, useTranslate } from 'react-admin';
import { EffectDialog } from './EffectDialog';
import { useCommand } from './useCommand';

export interface ReasonButtonProps {
  resource: string;
  action: string;
  /** Translation keys: the button, the dialog's title and confirm button, the success notice. */
  label: string;
  title: string;
  done: string;
  /** What the command will do to this record, in words and numbers (issue 19); else the title. */
  effect?: (record: RaRecord, translate: (key: string, options?: object) => string) => string;
  icon?: ReactNode;
  testId: string;
}

/**
 * A command on the current record that needs a written reason, e.g. disqualify or dissolve: the
 * dialog states its effect first; Cancel changes nothing.
 */
export function ReasonButton({
  resource,
  action,
  label,
  title,
  done,
  effect,
  icon,
  testId,
}: ReasonButtonProps) {
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
      <EffectDialog
        open={open}
        title={title}
        confirm={label}
        effect={effect ? effect(record, translate) : translate(title)}
        irreversible={Boolean(effect)}
        withReason
        pending={isPending}
        onClose={() => setOpen(false)}
        onConfirm={async (reason) => {
          if (
            await run(
              record.id,
              action,
              // The same body for every area's reasoned command (team, scoring, identity).
              { reason } satisfies scoring.requests.ReasonBody & OptionalReasonBody,
              done,
            )
          )
            setOpen(false);
        }}
      />
    </>
  );
}
