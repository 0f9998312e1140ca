import Block from '@mui/icons-material/Block';
import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import {
  DateField,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { phaseChoices } from '../competitions/choices';
import { ReasonButton } from '../operations/ReasonButton';
import { useCommand } from '../operations/useCommand';
import { statusChoices } from './choices';

function RescoreButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { run, isPending } = useCommand('submissions');
  if (!record) return null;
  return (
    <Button
      startIcon={<Replay />}
      disabled={isPending}
      data-testid="rescore"
      onClick={() => run(record.id, 'rescore', {}, 'console.submissions.notifications.rescored')}
    >
      {translate('console.submissions.actions.rescore')}
    </Button>
  );
}

/** One submission with its scores and evaluation log; rescore it, or disqualify it with a reason. */
export function SubmissionShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <RescoreButton />
          <ReasonButton
            resource="submissions"
            action="disqualify"
            label="console.submissions.actions.disqualify"
            title="console.submissions.disqualifyTitle"
            done="console.submissions.notifications.disqualified"
            icon={<Block />}
            testId="disqualify"
          />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="competitionId" />
        <SelectField source="phase" choices={phaseChoices} />
        <TextField source="teamName" />
        <TextField source="teamId" />
        <TextField source="submitter" />
        <TextField source="fileName" />
        <NumberField source="size" />
        <SelectField source="status" choices={statusChoices} />
        <NumberField source="publicScore" emptyText="—" />
        <NumberField source="privateScore" emptyText="—" />
        <DateField source="submittedAt" showTime />
        <DateField source="updatedAt" showTime />
        <TextField source="disqualifiedReason" emptyText="—" />
        <TextField source="teamDisqualifiedReason" emptyText="—" />
        <TextField source="log" emptyText="—" component="pre" sx={{ whiteSpace: 'pre-wrap' }} />
      </SimpleShowLayout>
    </Show>
  );
}
