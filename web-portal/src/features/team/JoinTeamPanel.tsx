import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyTeam, TeamSummary } from './types';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Join a team: enter its ID, see it, apply; a pending application can be withdrawn. */
export function JoinTeamPanel({
  myTeam,
  busy,
  lookUp,
  onApply,
  onCancel,
}: {
  myTeam: MyTeam;
  busy: boolean;
  lookUp: (teamId: string) => Promise<TeamSummary>;
  onApply: (teamId: string) => void;
  onCancel: (applicationId: string) => void;
}) {
  const { t } = useTranslation();
  const [teamId, setTeamId] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [found, setFound] = useState<TeamSummary | null>(null);
  const pending = myTeam.myApplication;

  const find = () => {
    const id = teamId.trim();
    setFound(null);
    setInvalid(!uuid.test(id));
    if (uuid.test(id)) lookUp(id).then(setFound, () => undefined);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }} data-testid="join-team">
      {pending ? (
        <Alert
          severity="info"
          data-testid="my-application"
          action={
            <Button
              color="inherit"
              size="small"
              disabled={busy}
              onClick={() => onCancel(pending.applicationId)}
            >
              {t('team.cancelApplication')}
            </Button>
          }
        >
          {t(`team.pending.${pending.kind}`, { name: pending.teamName })}
        </Alert>
      ) : null}
      {myTeam.team && !myTeam.team.solo ? (
        <Alert severity="info">{t('team.alreadyIn', { name: myTeam.team.name })}</Alert>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('team.teamId')}
              value={teamId}
              onChange={(event) => setTeamId(event.target.value)}
              error={invalid}
              helperText={invalid ? t('team.teamIdInvalid') : ' '}
              sx={{ flex: 1 }}
            />
            <Button variant="outlined" sx={{ mt: 1 }} onClick={find}>
              {t('team.find')}
            </Button>
          </Stack>
          {found ? (
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="found-team">
              <Typography variant="h6">{found.name}</Typography>
              <Typography color="text.secondary">
                {t('team.summary', {
                  owner: found.ownerName,
                  count: found.memberCount,
                  limit: found.teamSizeLimit,
                })}
              </Typography>
              <Button
                variant="contained"
                sx={{ mt: 1 }}
                disabled={busy || found.disbanded || pending !== null || !myTeam.changesOpen}
                onClick={() => onApply(found.teamId)}
              >
                {t('team.apply')}
              </Button>
            </Paper>
          ) : null}
        </>
      )}
    </Stack>
  );
}
