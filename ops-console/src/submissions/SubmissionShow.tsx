import Block from '@mui/icons-material/Block';
import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import {
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
import { ReasonButton } from '../shared/ReasonButton';
import { useCommand } from '../shared/useCommand';
import { TeamLink, UserLink } from '../shared/EntityLink';
import { CompetitionField, CompetitionTimeField, ScoreField, SubmissionLogField } from '../shared/fields';
import { statusChoices } from './choices';
import { RunMarks } from './RunMarks';

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
            effect={(submission, translate) =>
              translate('console.trust.effects.disqualifySubmission', {
                file: submission.fileName,
                team: submission.teamName ?? submission.submitter ?? submission.teamId,
              })
            }
            icon={<Block />}
            testId="disqualify"
          />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="id" />
        <CompetitionField source="competitionId" />
        <SelectField source="phase" choices={phaseChoices} />
        <TeamLink source="teamName" idSource="teamId" nameSource="teamName" fallbackSource="submitter" />
        <UserLink source="submitter" idSource="submitterId" nameSource="submitter" />
        <TextField source="fileName" />
        <NumberField source="size" />
        <SelectField source="status" choices={statusChoices} />
        <RunMarks source="run" empty="—" />
        <ScoreField source="publicScore" />
        <ScoreField source="privateScore" />
        <CompetitionTimeField source="submittedAt" />
        <CompetitionTimeField source="updatedAt" />
        <TextField source="disqualifiedReason" emptyText="—" />
        <TextField source="teamDisqualifiedReason" emptyText="—" />
        <SubmissionLogField source="log" />
      </SimpleShowLayout>
    </Show>
  );
}
