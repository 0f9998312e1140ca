import { AutocompleteInput, ReferenceInput, useLocale } from 'react-admin';
import { type Localized, localized } from './LocalizedText';

/** Chooses a competition by its title, for the lists that belong to one (submissions, teams, boards). */
export function CompetitionInput({
  source = 'competitionId',
  alwaysOn,
}: {
  source?: string;
  alwaysOn?: boolean;
}) {
  const locale = useLocale();
  return (
    <ReferenceInput source={source} reference="competitions" alwaysOn={alwaysOn} perPage={100}>
      <AutocompleteInput
        label="console.operations.competition"
        optionText={(record: { title?: Localized }) => localized(record.title, locale)}
        filterToQuery={() => ({})}
        sx={{ minWidth: 280 }}
      />
    </ReferenceInput>
  );
}
