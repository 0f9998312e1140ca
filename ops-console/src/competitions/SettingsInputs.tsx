import { competition } from '@sais/events';
import {
  ArrayInput,
  CheckboxGroupInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  maxValue,
  minValue,
  required,
} from 'react-admin';
import { ZonedDateTimeInput } from '../shared/ZonedDateTimeInput';
import { approvalChoices, submissionKindChoices, typeChoices } from './choices';

const req = required();
/** The services' bounds of the numeric settings (one place: `@sais/events`). */
const limits = competition.settingLimits;

/** The settings of a competition, shared by the create and edit forms (CompetitionSettings in events/). */
export function SettingsInputs() {
  return (
    <>
      <TextInput source="title.zh-CN" label="console.competitions.fields.titleZh" validate={req} fullWidth />
      <TextInput source="title.en" label="console.competitions.fields.titleEn" validate={req} fullWidth />
      <TextInput
        source="description.zh-CN"
        label="console.competitions.fields.descriptionZh"
        validate={req}
        multiline
        fullWidth
      />
      <TextInput
        source="description.en"
        label="console.competitions.fields.descriptionEn"
        validate={req}
        multiline
        fullWidth
      />
      <SelectInput source="type" choices={typeChoices} validate={req} />
      <TextInput source="season" validate={req} />
      <NumberInput source="bonus" min={0} step={1000} validate={[req, minValue(0)]} />
      {/* Empty: two operators when the competition has prize money (issue 19). */}
      <SelectInput
        source="finalResultsApproval"
        choices={approvalChoices}
        emptyText="console.trust.publication.byPrize"
      />
      <TextInput source="timeZone" validate={req} />
      <NumberInput
        source="teamSizeLimit"
        min={limits.teamSizeLimit.min}
        max={limits.teamSizeLimit.max}
        validate={[req, minValue(limits.teamSizeLimit.min), maxValue(limits.teamSizeLimit.max)]}
      />
      <NumberInput
        source="teamFormingAttempts"
        min={limits.teamFormingAttempts.min}
        max={limits.teamFormingAttempts.max}
        validate={[req, minValue(limits.teamFormingAttempts.min), maxValue(limits.teamFormingAttempts.max)]}
      />
      <NumberInput
        source="dailySubmissionLimit"
        min={limits.dailySubmissionLimit.min}
        max={limits.dailySubmissionLimit.max}
        validate={[req, minValue(limits.dailySubmissionLimit.min), maxValue(limits.dailySubmissionLimit.max)]}
      />
      <CheckboxGroupInput source="submissionKinds" choices={submissionKindChoices} validate={req} />
      <ZonedDateTimeInput source="teamMergeDeadline" />
      <ArrayInput source="sponsors">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="resources.competitions.fields.sponsors" />
        </SimpleFormIterator>
      </ArrayInput>
      {/* Image registries on a local or private network are refused unless listed here (host:port). */}
      <ArrayInput source="allowedRegistries">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="" label="resources.competitions.fields.allowedRegistries" />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** What the services expect of the settings: ISO instants, no empty optional values. */
export function settingsForApi(data: Record<string, unknown>) {
  const deadline = data.teamMergeDeadline;
  return {
    ...data,
    sponsors: ((data.sponsors as string[] | undefined) ?? []).filter(Boolean),
    allowedRegistries: ((data.allowedRegistries as string[] | undefined) ?? []).filter(Boolean),
    agreements: data.agreements ?? [],
    teamMergeDeadline: deadline ? new Date(deadline as string).toISOString() : null,
  };
}
