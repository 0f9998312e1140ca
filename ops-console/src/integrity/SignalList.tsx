import { NumberField, TextField, TextInput } from 'react-admin';
import { CompetitionTimeField } from '../trust/fields';
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
  <TextInput key="competitionId" source="competitionId" />,
  <TextInput key="teamId" source="teamId" />,
];

/** Operators: collusion signals between teams (scoring), with evidence; dismiss, or disqualify a team. */
export function SignalList() {
  return (
    <SignalListFrame filters={filters}>
      <KindField label="resources.signals.fields.kind" />
      <TextField source="competitionId" sortable={false} />
      <TextField source="phase" sortable={false} />
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
