import type { ReactElement, ReactNode } from 'react';
import { DataTable, List } from 'react-admin';
import { CompetitionTimeField } from './fields';
import { ZonedTimeField } from './ZonedTime';

/**
 * A console list, newest first by `dateField` (its first column, with the time); `filters` above,
 * no export, and a row opens the record's page. `children` are the other columns.
 */
export function NewestFirstList({
  filters,
  dateField,
  competitionData = false,
  children,
}: {
  filters: ReactElement[];
  dateField: string;
  /** Times of competition data show in the competition's zone (the record's `competitionId`). */
  competitionData?: boolean;
  children: ReactNode;
}) {
  return (
    <List filters={filters} exporter={false} storeKey={false} sort={{ field: dateField, order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source={dateField}>
          {competitionData ? (
            <CompetitionTimeField source={dateField} />
          ) : (
            <ZonedTimeField source={dateField} />
          )}
        </DataTable.Col>
        {children}
      </DataTable>
    </List>
  );
}
