import type { ReactElement, ReactNode } from 'react';
import { DataTable, DateField, List } from 'react-admin';

/**
 * A console list, newest first by `dateField` (its first column, with the time); `filters` above,
 * no export, and a row opens the record's page. `children` are the other columns.
 */
export function NewestFirstList({
  filters,
  dateField,
  children,
}: {
  filters: ReactElement[];
  dateField: string;
  children: ReactNode;
}) {
  return (
    <List filters={filters} exporter={false} storeKey={false} sort={{ field: dateField, order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source={dateField}>
          <DateField source={dateField} showTime />
        </DataTable.Col>
        {children}
      </DataTable>
    </List>
  );
}
