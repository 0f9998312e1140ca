import { DataTable, FilterButton, List, SelectField, SelectInput, TextField, TopToolbar } from 'react-admin';
import { phaseChoices } from '../competitions/choices';
import { CompetitionInput } from '../shared/CompetitionInput';
import { TeamInput } from '../shared/PickerInputs';
import { TeamLink, UserLink } from '../shared/EntityLink';
import { CompetitionTimeField, ScoreField } from '../shared/fields';
import { statusChoices } from './choices';
import { RescoreButton } from './RescoreButton';
import { RunMarks } from './RunMarks';

const filters = [
  <CompetitionInput key="competitionId" alwaysOn />,
  <TeamInput key="teamId" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="phase" source="phase" choices={phaseChoices} />,
];

/** Every submission, newest first, filtered by competition, status, phase, team. */
export function SubmissionList() {
  return (
    <List
      filters={filters}
      exporter={false}
      storeKey={false}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={
        <TopToolbar>
          <FilterButton />
          <RescoreButton />
        </TopToolbar>
      }
    >
      {/* Nine columns with one-line headings fit 1366 px with half the usual space beside each (issue 35). */}
      <DataTable rowClick="show" bulkActionButtons={false} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <DataTable.Col source="submittedAt">
          <CompetitionTimeField source="submittedAt" />
        </DataTable.Col>
        <DataTable.Col source="teamName" disableSort>
          <TeamLink idSource="teamId" nameSource="teamName" fallbackSource="submitter" />
        </DataTable.Col>
        <DataTable.Col source="submitter" disableSort>
          <UserLink idSource="submitterId" nameSource="submitter" />
        </DataTable.Col>
        <DataTable.Col source="phase" disableSort>
          <SelectField source="phase" choices={phaseChoices} />
        </DataTable.Col>
        <DataTable.Col source="fileName" disableSort />
        {/* The status, then a smoke run's and a run on hidden data's marks (decisions 0049, 0032). */}
        <DataTable.Col source="status">
          <SelectField source="status" choices={statusChoices} />
          <RunMarks />
        </DataTable.Col>
        <DataTable.Col source="publicScore">
          <ScoreField source="publicScore" />
        </DataTable.Col>
        <DataTable.Col source="privateScore" disableSort>
          <ScoreField source="privateScore" />
        </DataTable.Col>
        <DataTable.Col source="disqualifiedReason" disableSort>
          <TextField source="disqualifiedReason" emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
