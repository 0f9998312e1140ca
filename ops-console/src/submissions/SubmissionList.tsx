import {
  DataTable,
  DateField,
  FilterButton,
  List,
  NumberField,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { phaseChoices } from '../competitions/choices';
import { CompetitionInput } from '../operations/CompetitionInput';
import { statusChoices } from './choices';
import { RescoreButton } from './RescoreButton';

const filters = [
  <CompetitionInput key="competitionId" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="phase" source="phase" choices={phaseChoices} />,
  <TextInput key="teamId" source="teamId" />,
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
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="submittedAt">
          <DateField source="submittedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="teamName" disableSort />
        <DataTable.Col source="submitter" disableSort />
        <DataTable.Col source="phase" disableSort>
          <SelectField source="phase" choices={phaseChoices} />
        </DataTable.Col>
        <DataTable.Col source="fileName" disableSort />
        <DataTable.Col source="status">
          <SelectField source="status" choices={statusChoices} />
        </DataTable.Col>
        <DataTable.Col source="publicScore">
          <NumberField source="publicScore" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="privateScore" disableSort>
          <NumberField source="privateScore" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="disqualifiedReason" disableSort>
          <TextField source="disqualifiedReason" emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
