import GroupOff from '@mui/icons-material/GroupOff';
import {
  ArrayField,
  DataTable,
  FunctionField,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CompetitionTimeField } from '../shared/fields';
import { LocalizedText } from '../shared/LocalizedText';
import { ReasonButton } from '../shared/ReasonButton';
import { statusChoices } from './choices';

function DissolveButton() {
  const record = useRecordContext();
  if (record?.status !== 'active') return null;
  return (
    <ReasonButton
      resource="teams"
      action="dissolve"
      label="console.teams.dissolve"
      title="console.teams.dissolveTitle"
      done="console.teams.dissolved"
      effect={(team, translate) =>
        translate('console.trust.effects.dissolveTeam', {
          team: team.name,
          members: ((team.members as unknown[] | undefined) ?? []).length,
        })
      }
      icon={<GroupOff />}
      testId="dissolve"
    />
  );
}

/** One team with its members; an active team can be dissolved with a reason its members read. */
export function TeamShow() {
  const translate = useTranslate();
  return (
    <Show
      actions={
        <TopToolbar>
          <DissolveButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="id" />
        <ReferenceField source="competitionId" reference="competitions" link="edit">
          <LocalizedText source="title" />
        </ReferenceField>
        <SelectField source="status" choices={statusChoices} data-testid="team-status" />
        <TextField source="dissolvedReason" emptyText="—" />
        <CompetitionTimeField source="createdAt" />
        <ArrayField source="members">
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="username" label="resources.users.fields.username" />
            <DataTable.Col source="name" label="resources.teams.fields.name" />
            <DataTable.Col source="isOwner" label="console.teams.owner">
              <FunctionField render={(member) => (member.isOwner ? translate('console.teams.owner') : '')} />
            </DataTable.Col>
          </DataTable>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}
