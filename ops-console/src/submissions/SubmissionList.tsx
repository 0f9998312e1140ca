import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
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
  useListContext,
  useTranslate,
} from 'react-admin';
import { phaseChoices } from '../competitions/choices';
import { useAction } from '../competitions/useAction';
import { CompetitionInput } from '../operations/CompetitionInput';
import { useConsoleApi } from '../operations/useConsoleApi';
import { statusChoices } from './choices';

const filters = [
  <CompetitionInput key="competitionId" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="phase" source="phase" choices={phaseChoices} />,
  <TextInput key="teamId" source="teamId" />,
];

/** Scores again every scored submission of the filtered competition (and phase), after a ground-truth fix. */
function RescorePhaseButton() {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const competitionId = filterValues.competitionId as string | undefined;
  return (
    <Button
      size="small"
      startIcon={<Replay />}
      disabled={!competitionId || pending}
      data-testid="rescore-all"
      onClick={() =>
        act(
          () => api.post('/admin/submissions/rescore', { competitionId, phase: filterValues.phase }),
          'console.submissions.notifications.rescoredAll',
        )
      }
    >
      {translate('console.submissions.actions.rescoreAll')}
    </Button>
  );
}

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
          <RescorePhaseButton />
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
