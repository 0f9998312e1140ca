import { competition } from '@sais/events';
import {
  ArrayInput,
  Create,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  regex,
  required,
} from 'react-admin';
import { ZonedDateTimeInput } from '../shared/ZonedDateTimeInput';
import { phaseChoices } from './choices';
import { SettingsInputs, settingsForApi } from './SettingsInputs';

const defaults = {
  timeZone: 'Asia/Shanghai',
  bonus: 0,
  teamSizeLimit: 5,
  teamFormingAttempts: 3,
  dailySubmissionLimit: 5,
  submissionKinds: ['result-file'],
  sponsors: [],
  agreements: [],
  phases: [],
};

type PhaseInput = { phase: string; startsAt: string | Date; endsAt: string | Date };

/** A new competition with its settings and phases; files and ground truth follow on the edit page. */
export function CompetitionCreate() {
  return (
    <Create
      redirect="edit"
      transform={(data: Record<string, unknown>) => ({
        ...settingsForApi(data),
        phases: ((data.phases as PhaseInput[] | undefined) ?? []).map((phase) => ({
          phase: phase.phase,
          startsAt: new Date(phase.startsAt).toISOString(),
          endsAt: new Date(phase.endsAt).toISOString(),
        })),
      })}
    >
      <SimpleForm defaultValues={defaults}>
        {/* Set once, here (decision 0036): the short name `sais` takes for the competition's id. */}
        <TextInput
          source="slug"
          validate={regex(competition.slugPattern, 'competitionSlugInvalid')}
          parse={(value: string) => value.trim() || undefined}
        />
        <SettingsInputs />
        <ArrayInput source="phases">
          <SimpleFormIterator inline disableReordering>
            <SelectInput source="phase" choices={phaseChoices} validate={required()} />
            <ZonedDateTimeInput source="startsAt" validate={required()} />
            <ZonedDateTimeInput source="endsAt" validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Create>
  );
}
