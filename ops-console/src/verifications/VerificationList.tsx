import { DataTable, List, SelectField, TextField } from 'react-admin';
import { ZonedTimeField } from '../shared/ZonedTime';
import { certificateTypeChoices } from './choices';
import { StatusField } from './StatusField';
import { verificationFilters } from './VerificationFilters';

/** The reviewers' queue: pending verifications, oldest first; other statuses through the filter. */
export function VerificationList() {
  return (
    <List
      title="console.review.title"
      filters={verificationFilters}
      filterDefaultValues={{ status: 'processing' }}
      sort={{ field: 'submittedAt', order: 'ASC' }}
      exporter={false}
      empty={false}
      storeKey={false}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="submittedAt">
          <ZonedTimeField source="submittedAt" />
        </DataTable.Col>
        <DataTable.Col source="name" />
        <DataTable.Col source="username" disableSort />
        <DataTable.Col source="certificateType">
          <SelectField source="certificateType" choices={certificateTypeChoices} />
        </DataTable.Col>
        <DataTable.Col source="certificateNumber" disableSort />
        <DataTable.Col source="status">
          <StatusField />
        </DataTable.Col>
        <DataTable.Col source="reviewer" disableSort>
          <TextField source="reviewer" emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
