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
import { scoring } from '@sais/events';
import { Markdown } from '@sais/web-shared';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { Panel } from '../competitions/Panel';
import { useAction } from '../competitions/useAction';
import { ZonedTime } from '../shared/ZonedTime';
import { isoToZonedLocal, platformZone, zonedToIso } from '../shared/time';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';

type Phases = scoring.responses.WriteUpPhases;
type WriteUp = scoring.responses.WriteUpSummary;
type Detail = scoring.responses.WriteUpDetail;
const limits = scoring.writeUpLimits;

/** A date-time field's value for a time a week from now (the default deadline), in the competition's zone. */
const inAWeek = (zone: string) => isoToZonedLocal(new Date(Date.now() + 7 * 86_400_000), zone);

/**
 * A competition's write-ups (decision 0047): open a published phase's write-ups for its prize places
 * until a deadline (`POST /api/admin/leaderboard/writeups/open`, again to change them), the list with
 * hidden ones and their reasons, a write-up read as the portal renders it, hide one with a reason.
 */
export function WriteUpsPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [changed, setChanged] = useState(0);
  const competitionId = record ? String(record.id) : '';
  // The deadline is typed and shown in the competition's zone, named (issue 35), not the browser's.
  const zone = (record?.timeZone as string | undefined) || platformZone;
  const query = { competitionId } satisfies scoring.requests.CompetitionQuery;
  const phases = useLoad(
    record ? () => api.get<{ phase: string }[]>('/admin/leaderboard/options', query) : null,
    [api, competitionId],
  );
  const list = useLoad(record ? () => api.get<Phases>('/admin/leaderboard/writeups', query) : null, [
    api,
    competitionId,
    changed,
  ]);
  const [phase, setPhase] = useState('');
  const [places, setPlaces] = useState(String(limits.defaultPlaces));
  const [deadline, setDeadline] = useState(() => inAWeek(zone));
  const [reason, setReason] = useState('');
  const [reading, setReading] = useState<Detail | null>(null);
  if (!record) return null;
  const chosenPhase = phase || phases.data?.[0]?.phase || '';

  async function settle(done: (phases: Phases) => boolean) {
    for (let i = 0; i < 40; i++) {
      if (done(await api.get<Phases>('/admin/leaderboard/writeups', query))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    setChanged((n) => n + 1);
  }

  async function open() {
    const done = await act(
      () =>
        api.post('/admin/leaderboard/writeups/open', {
          competitionId,
          phase: chosenPhase,
          places: Number(places),
          deadline: zonedToIso(deadline, zone),
        } satisfies scoring.requests.OpenWriteUps),
      'console.writeUps.opened',
    );
    if (done) await settle((rows) => rows.some((row) => row.phase === chosenPhase));
  }

  async function hide(writeUp: WriteUp) {
    const done = await act(
      () =>
        api.post('/admin/leaderboard/writeups/hide', {
          competitionId,
          phase: writeUp.phase,
          teamId: writeUp.teamId,
          reason: reason.trim(),
        } satisfies scoring.requests.HideWriteUp),
      'console.writeUps.hidden',
    );
    if (done)
      await settle((rows) =>
        rows.some((row) => row.writeUps.some((w) => w.writeUpId === writeUp.writeUpId && w.hidden)),
      );
  }

  const placesValid = /^\d+$/.test(places) && Number(places) >= 1 && Number(places) <= limits.placesMax;
  const phaseName = (name: string) => translate(`console.competitions.phases.${name}`, { _: name });
  return (
    <Panel title="console.writeUps.title" testId="writeups-panel">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('console.writeUps.intro')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={translate('console.writeUps.phase')}
          value={chosenPhase}
          onChange={(event) => setPhase(event.target.value)}
          sx={{ minWidth: 140 }}
        >
          {(phases.data ?? []).map((row) => (
            <MenuItem key={row.phase} value={row.phase}>
              {phaseName(row.phase)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('console.writeUps.places')}
          value={places}
          error={!placesValid}
          onChange={(event) => setPlaces(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'writeups-places' } }}
          sx={{ width: 120 }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={`${translate('console.writeUps.deadline')} (${zone})`}
          value={deadline}
          onChange={(event) => setDeadline(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'writeups-deadline' } }}
        />
        <Button
          variant="outlined"
          disabled={pending || !placesValid || !chosenPhase || !deadline}
          onClick={open}
          data-testid="writeups-open"
        >
          {translate('console.writeUps.open')}
        </Button>
      </Stack>
      {(list.data ?? []).length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="writeups-empty">
          {translate('console.writeUps.none')}
        </Typography>
      ) : (
        <>
          {(list.data ?? []).map((row) => (
            <Typography key={row.phase} sx={{ mt: 2 }} data-testid="writeups-phase">
              {phaseName(row.phase)} · {translate('console.writeUps.placesOf', { places: row.places })} ·{' '}
              {translate('console.writeUps.deadline')} <ZonedTime value={row.deadline} zone={zone} />
            </Typography>
          ))}
          <TextField
            size="small"
            sx={{ mt: 2 }}
            label={translate('console.writeUps.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'writeup-reason' } }}
          />
          <Table size="small" sx={{ mt: 1 }} data-testid="writeups-list">
            <TableHead>
              <TableRow>
                <TableCell>{translate('console.writeUps.phase')}</TableCell>
                <TableCell>{translate('console.writeUps.rank')}</TableCell>
                <TableCell>{translate('console.writeUps.team')}</TableCell>
                <TableCell>{translate('console.writeUps.titleColumn')}</TableCell>
                <TableCell>{translate('console.writeUps.state')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data ?? []).flatMap((row) =>
                row.writeUps.map((writeUp) => (
                  <TableRow key={writeUp.writeUpId} data-testid="writeup-row">
                    <TableCell>{phaseName(writeUp.phase)}</TableCell>
                    <TableCell>{writeUp.rank}</TableCell>
                    <TableCell>{writeUp.teamName ?? writeUp.teamId}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() =>
                          api
                            .get<Detail>('/admin/leaderboard/writeups/one', { writeUpId: writeUp.writeUpId })
                            .then(setReading, () => undefined)
                        }
                      >
                        {writeUp.title}
                      </Button>
                    </TableCell>
                    <TableCell data-testid="writeup-state">
                      {writeUp.hidden
                        ? translate('console.writeUps.hiddenBecause', { reason: writeUp.hiddenReason ?? '' })
                        : translate('console.writeUps.shown')}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        color="error"
                        disabled={pending || writeUp.hidden || reason.trim() === ''}
                        onClick={() => hide(writeUp)}
                        data-testid="writeup-hide"
                      >
                        {translate('console.writeUps.hide')}
                      </Button>
                    </TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
          {reading ? (
            <Stack
              sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
              data-testid="writeup-reading"
            >
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {reading.title}
              </Typography>
              <Markdown>{reading.body}</Markdown>
            </Stack>
          ) : null}
        </>
      )}
    </Panel>
  );
}
