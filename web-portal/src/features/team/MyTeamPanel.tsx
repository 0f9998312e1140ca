import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MessageKey } from '@sais/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../forms/useMessages';
import { ApplicationsTable } from './ApplicationsTable';
import { InvitationsPanel } from './InvitationsPanel';
import { MembersTable } from './MembersTable';
import { teamNameProblem } from './teamName';
import type { Application, Member, MyTeam, Team } from './types';

export interface MyTeamHandlers {
  rename: (team: Team, name: string) => void;
  disband: (team: Team) => void;
  leave: (team: Team) => void;
  remove: (team: Team, member: Member) => void;
  transfer: (team: Team, member: Member) => void;
  handle: (application: Application, agree: boolean) => void;
  cancel: (applicationId: string) => void;
}

/** My team: its ID and members; the owner renames, disbands, handles applications and members. */
export function MyTeamPanel({
  myTeam,
  myId,
  busy,
  handlers,
}: {
  myTeam: MyTeam;
  myId: string;
  busy: boolean;
  handlers: MyTeamHandlers;
}) {
  const { t } = useTranslation();
  const { message } = useMessages();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<MessageKey | undefined>();
  const team = myTeam.team;
  if (!team || team.solo || team.teamId === null)
    return (
      <Alert severity="info" data-testid="no-team">
        {t('team.solo')}
      </Alert>
    );
  const owner = team.ownerId === myId;
  const open = myTeam.changesOpen;
  const pending = myTeam.myApplication;

  const rename = () => {
    const found = teamNameProblem(name, 'newTeamNameRequired');
    setProblem(found);
    if (!found) {
      handlers.rename(team, name.trim());
      setName('');
    }
  };

  return (
    <Stack spacing={3} data-testid="my-team">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" data-testid="team-name">
          {team.name}
        </Typography>
        <Typography color="text.secondary">
          {t('team.teamId')}: <span data-testid="team-id">{team.teamId}</span>
        </Typography>
        <Typography color="text.secondary">
          {t('team.size', { count: team.members.length, limit: myTeam.teamSizeLimit })}
        </Typography>
      </Paper>
      {pending ? (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              disabled={busy}
              onClick={() => handlers.cancel(pending.applicationId)}
            >
              {t('team.cancelApplication')}
            </Button>
          }
        >
          {t(`team.pending.${pending.kind}`, { name: pending.teamName })}
        </Alert>
      ) : null}
      <MembersTable
        members={team.members}
        canManage={owner && open}
        myId={myId}
        onRemove={(member) => handlers.remove(team, member)}
        onTransfer={(member) => handlers.transfer(team, member)}
      />
      {owner ? (
        <>
          <div>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('team.applications')}
            </Typography>
            <ApplicationsTable
              applications={team.applications}
              busy={busy || !open}
              onHandle={handlers.handle}
            />
          </div>
          <InvitationsPanel
            teamId={team.teamId}
            competitionId={team.competitionId}
            freeSeats={myTeam.teamSizeLimit - team.members.length}
            disabled={busy || !open}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 560 }}>
            <TextField
              label={t('team.newName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={problem !== undefined}
              helperText={problem ? message(problem) : ' '}
              sx={{ flex: 1 }}
            />
            <Button variant="outlined" sx={{ mt: 1 }} disabled={busy || !open} onClick={rename}>
              {t('team.rename')}
            </Button>
          </Stack>
          <div>
            <Button
              color="error"
              variant="outlined"
              disabled={busy || !open}
              onClick={() => handlers.disband(team)}
            >
              {t('team.disband')}
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button
            color="error"
            variant="outlined"
            disabled={busy || !open || pending !== null}
            onClick={() => handlers.leave(team)}
          >
            {t('team.leave')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
