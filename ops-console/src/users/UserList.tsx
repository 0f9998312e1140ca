import { DataTable, SearchInput, SelectField, SelectInput } from 'react-admin';
import { RolesField } from '../shared/RolesField';
import { NewestFirstList } from '../shared/NewestFirstList';
import { roleChoices, statusChoices } from './choices';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

/** Every account, newest first; search by username, email or phone; filter by role and status. */
export function UserList() {
  return (
    <NewestFirstList filters={filters} dateField="registeredAt">
      <DataTable.Col source="username" />
      <DataTable.Col source="email" disableSort />
      <DataTable.Col source="roles" disableSort>
        <RolesField source="roles" />
      </DataTable.Col>
      <DataTable.Col source="status" disableSort>
        <SelectField source="status" choices={statusChoices} />
      </DataTable.Col>
    </NewestFirstList>
  );
}
