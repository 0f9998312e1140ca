import { SelectInput } from 'react-admin';
import { statusChoices } from './choices';

/** The queue is the `processing` status; decided verifications are a status away. */
export const verificationFilters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn emptyText={false} />,
];
