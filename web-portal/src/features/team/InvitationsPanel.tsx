import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { team } from '@sais/events';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '../../forms/ZonedTime';
import { teamApi } from './teamClient';
import type { Invitations } from './types';

const durations = [24, 168, 720] as const;

/** The address an invitation code opens: the join tab of the team page, the code in its query. */
export const invitationLink = (origin: string, competitionId: string, code: string) =>
  `${origin}/competitionDetail/${competitionId}/team/joinTeam?invite=${encodeURIComponent(code)}`;

/**
 * Owner: invitation links (decision 0035). A new link is shown once (only its hash is kept), with a
 * one-click copy; the list says what became of each and revokes the open ones.
 */
export function InvitationsPanel({
  teamId,
  competitionId,
  freeSeats,
  disabled,
}: {
  teamId: string;
  competitionId: string;
  freeSeats: number;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<Invitations | null>(null);
  const [hours, setHours] = useState<number>(team.requests.invitationLimits.hoursDefault);
  const [uses, setUses] = useState<number>(Math.max(1, freeSeats));
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const load = useCallback(() => {
    teamApi.invitations(teamId).then(setList, () => undefined);
  }, [teamId]);
  useEffect(load, [load]);

  const create = async () => {
    setBusy(true);
    try {
      const created = await teamApi.createInvitation(teamId, hours, uses);
      setLink(invitationLink(window.location.origin, competitionId, created.code));
      setCopied(null);
      load();
    } catch {
      // The server's reason was shown as a notice.
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (invitationId: string) => {
    setBusy(true);
    try {
      await teamApi.revokeInvitation(teamId, invitationId);
      load();
    } catch {
      // Shown as a notice.
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
      return;
    } catch {
      // No Clipboard API (plain http): select the field and use the browser's copy command.
    }
    field.current?.focus();
    field.current?.select();
    setCopied(document.execCommand('copy') ? 'yes' : 'failed');
  };

  const usesMax = Math.max(1, Math.min(team.requests.invitationLimits.usesMax, freeSeats));
  return (
    <Stack spacing={2} data-testid="team-invitations">
      <Typography variant="h6" component="h2">
        {t('team.invitations.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('team.invitations.intro', { limit: team.requests.invitationLimits.openMax })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('team.invitations.valid')}
          value={hours}
          onChange={(event) => setHours(Number(event.target.value))}
          sx={{ minWidth: 160 }}
        >
          {durations.map((h) => (
            <MenuItem key={h} value={h}>
              {t('team.invitations.days', { count: h / 24 })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('team.invitations.uses')}
          value={Math.min(uses, usesMax)}
          onChange={(event) => setUses(Number(event.target.value))}
          sx={{ minWidth: 120 }}
        >
          {Array.from({ length: usesMax }, (_, i) => i + 1).map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" disabled={disabled || busy} onClick={() => void create()}>
          {t('team.invitations.create')}
        </Button>
      </Stack>
      {link ? (
        <Alert severity="success" data-testid="invitation-link">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('team.invitations.once')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              value={link}
              inputRef={field}
              label={t('team.invitations.link')}
              slotProps={{ htmlInput: { readOnly: true } }}
              sx={{ minWidth: 520 }}
            />
            <Button startIcon={<ContentCopy />} variant="outlined" onClick={() => void copy()}>
              {t('team.invitations.copy')}
            </Button>
          </Stack>
          {copied === 'yes' ? <Typography variant="body2">{t('team.invitations.copied')}</Typography> : null}
          {copied === 'failed' ? (
            <Typography variant="body2">{t('team.invitations.copyByHand')}</Typography>
          ) : null}
        </Alert>
      ) : null}
      {list && list.records.length > 0 ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('team.invitations.createdAt')}</TableCell>
              <TableCell>{t('team.invitations.expiresAt')}</TableCell>
              <TableCell>{t('team.invitations.used')}</TableCell>
              <TableCell>{t('team.invitations.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.records.map((invitation) => (
              <TableRow key={invitation.invitationId} data-testid="team-invitation">
                <TableCell>
                  <ZonedTime iso={invitation.createdAt} />
                </TableCell>
                <TableCell>
                  <ZonedTime iso={invitation.expiresAt} />
                </TableCell>
                <TableCell>
                  {invitation.uses} / {invitation.maxUses}
                </TableCell>
                <TableCell>{t(`team.invitations.statuses.${invitation.status}`)}</TableCell>
                <TableCell>
                  {invitation.status === 'open' ? (
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      onClick={() => void revoke(invitation.invitationId)}
                    >
                      {t('team.invitations.revoke')}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Stack>
  );
}
