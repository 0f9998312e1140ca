import { Edit, SimpleForm } from 'react-admin';
import { FilesPanel } from './FilesPanel';
import { GroundTruthPanel } from './GroundTruthPanel';
import { PhasesPanel } from './PhasesPanel';
import { SettingsInputs, settingsForApi } from './SettingsInputs';

/** The settings form, then the schedule, files and datasets, and the ground truth, each saved on its own. */
export function CompetitionEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={settingsForApi}>
      <SimpleForm>
        <SettingsInputs />
      </SimpleForm>
      <PhasesPanel />
      <FilesPanel />
      <GroundTruthPanel />
    </Edit>
  );
}
