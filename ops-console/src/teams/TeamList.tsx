import { DataTable, NumberField, SelectField, SelectInput } from 'react-admin';
import { CompetitionInput } from '../shared/CompetitionInput';
import { CompetitionField } from '../shared/fields';
import { NewestFirstList } from '../shared/NewestFirstList';
import { statusChoices } from './choices';

const filters = [
  <CompetitionInput key="competitionId" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

/** Every team, newest first, by competition and status. */
export function TeamList() {
  return (
    <NewestFirstList filters={filters} dateField="createdAt" competitionData>
      <DataTable.Col source="name" disableSort />
      <DataTable.Col source="competitionId" disableSort>
        <CompetitionField source="competitionId" />
      </DataTable.Col>
      <DataTable.Col source="owner" disableSort />
      <DataTable.Col source="memberCount" disableSort>
        <NumberField source="memberCount" />
      </DataTable.Col>
      <DataTable.Col source="status" disableSort>
        <SelectField source="status" choices={statusChoices} />
      </DataTable.Col>
    </NewestFirstList>
  );
}
