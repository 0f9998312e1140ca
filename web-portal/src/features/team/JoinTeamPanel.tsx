import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { team } from '@sais/events';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationPreview, MyTeam, TeamSearchResult, TeamSummary } from './types';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageSize = 10;

export interface JoinTeamCalls {
  lookUp: (teamId: string) => Promise<TeamSummary>;
  search: (q: string, page: number, pageSize: number) => Promise<TeamSearchResult>;
  invitation: (code: string) => Promise<InvitationPreview>;
}

/**
 * Join a team (decision 0035): with the owner's invitation link (joins at once), or by finding the team
 * by its name (or its ID) in this competition and applying; a pending application can be withdrawn.
 */
export function JoinTeamPanel({
  myTeam,
  busy,
  calls,
  inviteCode,
  onApply,
  onCancel,
  onJoin,
}: {
  myTeam: MyTeam;
  busy: boolean;
  calls: JoinTeamCalls;
  inviteCode: string | null;
  onApply: (teamId: string) => void;
  onCancel: (applicationId: string) => void;
  onJoin: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [found, setFound] = useState<TeamSummary | null>(null);
  const [results, setResults] = useState<{ q: string; result: TeamSearchResult } | null>(null);
  const [invitation, setInvitation] = useState<InvitationPreview | null>(null);
  const pending = myTeam.myApplication;
  const inTeam = Boolean(myTeam.team && !myTeam.team.solo);

  useEffect(() => {
    setInvitation(null);
    if (inviteCode) calls.invitation(inviteCode).then(setInvitation, () => undefined);
  }, [inviteCode, calls]);

  const search = (q: string, page: number) =>
    calls.search(q, page, pageSize).then(
      (result) => setResults({ q, result }),
      () => undefined,
    );

  const find = () => {
    const value = text.trim();
    setFound(null);
    setResults(null);
    const empty = value.length === 0 || value.length > team.requests.teamSearchLimits.queryMax;
    setInvalid(empty && !uuid.test(value));
    if (uuid.test(value)) void calls.lookUp(value).then(setFound, () => undefined);
    else if (!empty) void search(value, 1);
  };

  const canApply = !busy && pending === null && myTeam.changesOpen;
  const applyButton = (teamId: string, disabled: boolean) => (
    <Button variant="contained" size="small" disabled={!canApply || disabled} onClick={() => onApply(teamId)}>
      {t('team.apply')}
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }} data-testid="join-team">
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
      {invitation && !inTeam ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="invitation">
          <Typography variant="overline">{t('team.invitations.invitedTo')}</Typography>
          <Typography variant="h6">{invitation.name}</Typography>
          <Typography color="text.secondary">
            {t('team.summary', {
              owner: invitation.ownerName,
              count: invitation.memberCount,
              limit: invitation.teamSizeLimit,
            })}
          </Typography>
          {invitation.competitionId !== myTeam.competitionId ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t('team.invitations.otherCompetition')}
            </Alert>
          ) : (
            <Button
              variant="contained"
              sx={{ mt: 1 }}
              disabled={busy || pending !== null || !myTeam.changesOpen}
              onClick={() => inviteCode && onJoin(inviteCode)}
            >
              {t('team.invitations.join')}
            </Button>
          )}
        </Paper>
      ) : null}
      {inTeam ? (
        <Alert severity="info">{t('team.alreadyIn', { name: myTeam.team!.name })}</Alert>
      ) : (
        <>
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'flex-start' }}
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              find();
            }}
          >
            <TextField
              label={t('team.findLabel')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={invalid}
              helperText={invalid ? t('team.findInvalid') : t('team.findHint')}
              slotProps={{ htmlInput: { maxLength: 36 } }}
              sx={{ flex: 1 }}
            />
            <Button variant="outlined" sx={{ mt: 1 }} type="submit">
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
              <div style={{ marginTop: 8 }}>{applyButton(found.teamId, found.disbanded)}</div>
            </Paper>
          ) : null}
          {results ? (
            <Stack spacing={1} data-testid="team-search-results">
              <Typography color="text.secondary">
                {t('team.searchTotal', { count: results.result.total, q: results.q })}
              </Typography>
              {results.result.records.map((record) => (
                <Paper
                  key={record.teamId}
                  variant="outlined"
                  sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 2 }}
                  data-testid="found-team"
                >
                  <div style={{ flex: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{record.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('team.summary', {
                        owner: record.ownerName,
                        count: record.memberCount,
                        limit: record.teamSizeLimit,
                      })}
                    </Typography>
                  </div>
                  {record.full ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('team.full')}
                    </Typography>
                  ) : null}
                  {applyButton(record.teamId, record.full)}
                </Paper>
              ))}
              {results.result.total > pageSize ? (
                <Pagination
                  count={Math.min(
                    Math.ceil(results.result.total / pageSize),
                    team.requests.teamSearchLimits.pageMax,
                  )}
                  page={results.result.page}
                  onChange={(_event, page) => void search(results.q, page)}
                />
              ) : null}
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}
