import { DateField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { CertificatePhotos } from './CertificatePhotos';
import { certificateTypeChoices } from './choices';
import { StatusField } from './StatusField';
import { VerificationActions } from './VerificationActions';
import { VerificationTitle } from './VerificationTitle';

/** One verification with its photos, approved or rejected from the toolbar. */
export function VerificationShow() {
  return (
    <Show title={<VerificationTitle />} actions={<VerificationActions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="username" emptyText="—" />
        <TextField source="userId" />
        <SelectField source="certificateType" choices={certificateTypeChoices} />
        <TextField source="certificateNumber" />
        <DateField source="submittedAt" showTime />
        <StatusField source="status" />
        <TextField source="reviewer" emptyText="—" />
        <DateField source="decidedAt" showTime emptyText="—" />
        <TextField source="reason" emptyText="—" />
        <CertificatePhotos label="resources.verifications.fields.photos" />
      </SimpleShowLayout>
    </Show>
  );
}
