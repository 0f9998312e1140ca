import { NumberField, SelectField } from 'react-admin';
import { phaseChoices } from '../competitions/choices';
import { CompetitionInput } from '../shared/CompetitionInput';
import { TeamInput } from '../shared/PickerInputs';
import { CompetitionField, CompetitionTimeField } from '../shared/fields';
import {
  DecisionButton,
  DisqualifyTeamButtons,
  KindField,
  NamesField,
  OpenActions,
  SignalListFrame,
  StatusChip,
  signalFilters,
} from './SignalParts';

const filters = [
  ...signalFilters(['identical-files', 'correlated-predictions'], ['open', 'dismissed', 'disqualified']),
  <CompetitionInput key="competitionId" alwaysOn />,
  <TeamInput key="teamId" alwaysOn />,
];

/** Operators: collusion signals between teams (scoring), with evidence; dismiss, or disqualify a team. */
export function SignalList() {
  return (
    <SignalListFrame filters={filters}>
      <KindField label="resources.signals.fields.kind" />
      <CompetitionField
        source="competitionId"
        label="resources.signals.fields.competitionId"
        sortable={false}
      />
      <SelectField source="phase" choices={phaseChoices} sortable={false} />
      <NamesField source="teamIds" label="resources.signals.fields.teamIds" />
      <NumberField source="strength" options={{ maximumFractionDigits: 4 }} />
      <CompetitionTimeField source="detectedAt" />
      <StatusChip label="resources.signals.fields.status" />
      <OpenActions>
        <DecisionButton resource="signals" action="dismiss" />
        <DisqualifyTeamButtons />
      </OpenActions>
    </SignalListFrame>
  );
}
