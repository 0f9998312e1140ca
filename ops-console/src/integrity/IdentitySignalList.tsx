import { AccountInput } from '../shared/PickerInputs';
import { ZonedTimeField } from '../shared/ZonedTime';
import {
  DecisionButton,
  KindField,
  NamesField,
  OpenActions,
  SignalListFrame,
  StatusChip,
  signalFilters,
} from './SignalParts';

const resource = 'identity-signals';
const filters = [
  ...signalFilters(['shared-document', 'shared-address'], ['open', 'dismissed', 'confirmed']),
  <AccountInput key="accountId" alwaysOn />,
];

/**
 * Operators: identity signals (one document behind several accounts, many accounts from one address),
 * with evidence; dismiss or confirm (disabling an account stays on the users page).
 */
export function IdentitySignalList() {
  return (
    <SignalListFrame filters={filters}>
      <KindField label={`resources.${resource}.fields.kind`} />
      <NamesField source="accountIds" label={`resources.${resource}.fields.accountIds`} />
      <ZonedTimeField source="detectedAt" />
      <StatusChip label={`resources.${resource}.fields.status`} />
      <OpenActions>
        <DecisionButton resource={resource} action="dismiss" />
        <DecisionButton resource={resource} action="confirm" />
      </OpenActions>
    </SignalListFrame>
  );
}
