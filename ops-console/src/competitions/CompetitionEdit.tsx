import { Edit, Labeled, SimpleForm, TextField } from 'react-admin';
import { ContentPanel } from './ContentPanel';
import { FilesPanel } from './FilesPanel';
import { GroundTruthPanel } from './GroundTruthPanel';
import { PhasesPanel } from './PhasesPanel';
import { BoardOptionsPanel } from '../leaderboards/BoardOptionsPanel';
import { BaselinesPanel } from '../leaderboards/BaselinesPanel';
import { WriteUpsPanel } from '../leaderboards/WriteUpsPanel';
import { RunLimitsPanel } from './RunLimitsPanel';
import { RunQueuePanel } from './RunQueuePanel';
import { SettingsInputs, settingsForApi } from './SettingsInputs';

/** The settings form, then the page's sections, the schedule, files and datasets, the ground truth and the weight in the queue of container runs, each saved on its own. */
export function CompetitionEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={settingsForApi}>
      <SimpleForm>
        {/* Set once at creation (decision 0036): shown, not an input. */}
        <Labeled label="resources.competitions.fields.slugFixed">
          <TextField
            source="slug"
            sx={{ fontFamily: 'monospace' }}
            data-testid="competition-slug"
            data-recorded
          />
        </Labeled>
        <SettingsInputs />
      </SimpleForm>
      <ContentPanel />
      <PhasesPanel />
      <RunLimitsPanel />
      <FilesPanel />
      <GroundTruthPanel />
      <BoardOptionsPanel />
      <BaselinesPanel />
      <WriteUpsPanel />
      <RunQueuePanel />
    </Edit>
  );
}
