import { DataTable, List, NumberField, SelectField, SelectInput, TextField, TextInput } from 'react-admin';
import { LocalizedText } from '../shared/LocalizedText';
import { phaseChoices, statusChoices, typeChoices } from './choices';

const filters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="type" source="type" choices={typeChoices} />,
  <TextInput key="season" source="season" />,
];

/** Every competition, oldest first; a row opens its settings, schedule, files and ground truth. */
export function CompetitionList() {
  return (
    <List filters={filters} exporter={false} storeKey={false} sort={{ field: 'createdAt', order: 'ASC' }}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" disableSort>
          <LocalizedText source="title" />
        </DataTable.Col>
        {/* A slug is an identifier as stored, in Latin letters in every language (data-recorded). */}
        <DataTable.Col source="slug" label="resources.competitions.fields.slugShown" disableSort>
          <TextField
            source="slug"
            sx={{ fontFamily: 'monospace' }}
            data-testid="competition-slug"
            data-recorded
          />
        </DataTable.Col>
        <DataTable.Col source="type" disableSort>
          <SelectField source="type" choices={typeChoices} />
        </DataTable.Col>
        <DataTable.Col source="season" disableSort />
        <DataTable.Col source="status" disableSort>
          <SelectField source="status" choices={statusChoices} />
        </DataTable.Col>
        <DataTable.Col source="currentPhase" disableSort>
          <SelectField source="currentPhase" choices={phaseChoices} emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="bonus" disableSort>
          <NumberField source="bonus" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
