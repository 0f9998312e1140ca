import { AutocompleteInput, ReferenceInput, useTranslate } from 'react-admin';
import type { Participant } from '../providers/dataProvider';

/** What the pickers send while typing: the server's name search (`q`). */
const search = (q: string) => (q.trim() ? { q: q.trim() } : {});

/**
 * Chooses a team, or a single participant (scoring names their one-person team by their account id),
 * by typing part of its name: for the lists filtered by `teamId` (submissions, collusion signals).
 */
export function TeamInput({ source = 'teamId', alwaysOn }: { source?: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return (
    <ReferenceInput source={source} reference="participants" alwaysOn={alwaysOn}>
      <AutocompleteInput
        label="console.operations.teamOrParticipant"
        optionText={(record: Participant) =>
          `${record.name} · ${translate(`console.operations.pickerKinds.${record.kind}`)}`
        }
        filterToQuery={search}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>
  );
}

/**
 * Chooses an account by typing part of its username, email or phone (identity's user search). The
 * sort is one the accounts list takes: react-admin's default (`id`) was refused with 400 and the picker
 * waited for ever (issue 35).
 */
export function AccountInput({ source = 'accountId', alwaysOn }: { source?: string; alwaysOn?: boolean }) {
  return (
    <ReferenceInput
      source={source}
      reference="users"
      alwaysOn={alwaysOn}
      sort={{ field: 'username', order: 'ASC' }}
    >
      <AutocompleteInput
        label="console.operations.account"
        optionText="username"
        filterToQuery={search}
        sx={{ minWidth: 240 }}
      />
    </ReferenceInput>
  );
}
