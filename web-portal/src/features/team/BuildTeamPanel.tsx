import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MessageKey } from '@sais/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../forms/useMessages';
import { teamNameProblem } from './teamName';
import type { MyTeam } from './types';

/** Build a team: a name, and the one who creates it owns it (uses one team-forming attempt). */
export function BuildTeamPanel({
  myTeam,
  busy,
  onCreate,
}: {
  myTeam: MyTeam;
  busy: boolean;
  onCreate: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = useMessages();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<MessageKey | undefined>();
  const team = myTeam.team;
  if (team && !team.solo)
    return (
      <Alert severity="info" data-testid="already-in-team">
        {t('team.alreadyIn', { name: team.name })}
      </Alert>
    );
  const create = () => {
    const found = teamNameProblem(name, 'teamNameRequired');
    setProblem(found);
    if (!found) onCreate(name.trim());
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }} data-testid="build-team">
      <TextField
        label={t('team.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problem !== undefined}
        helperText={problem ? message(problem) : t('team.nameHint')}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <div>
        <Button variant="contained" disabled={busy || !myTeam.changesOpen} onClick={create}>
          {t('team.create')}
        </Button>
      </div>
    </Stack>
  );
}
