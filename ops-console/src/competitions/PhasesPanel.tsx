import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useConsoleApi } from '../operations/useConsoleApi';
import { type PhaseName, phaseNames } from './choices';
import { Panel } from './Panel';
import { useAction } from './useAction';

type Phase = { startsAt: string; endsAt: string; override: 'open' | 'closed' | null };

const when = (iso: string) => new Date(iso).toLocaleString();

/** The schedule: each phase's dates and override, open or close it now, schedule a phase. */
export function PhasesPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [phase, setPhase] = useState<PhaseName>('preliminary');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  if (!record) return null;
  const phases = (record.phases ?? {}) as Partial<Record<PhaseName, Phase>>;
  const base = `/admin/competitions/${record.id}/phases`;
  return (
    <Panel title="console.competitions.panels.phases" testId="phases-panel">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('console.competitions.fields.phase')}</TableCell>
            <TableCell>{translate('console.competitions.fields.startsAt')}</TableCell>
            <TableCell>{translate('console.competitions.fields.endsAt')}</TableCell>
            <TableCell>{translate('console.competitions.fields.override')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {phaseNames
            .filter((name) => phases[name])
            .map((name) => {
              const item = phases[name]!;
              return (
                <TableRow key={name} data-testid={`phase-${name}`}>
                  <TableCell>{translate(`console.competitions.phases.${name}`)}</TableCell>
                  <TableCell>{when(item.startsAt)}</TableCell>
                  <TableCell>{when(item.endsAt)}</TableCell>
                  <TableCell data-testid="phase-override">
                    {item.override ? translate(`console.competitions.override.${item.override}`) : '—'}
                  </TableCell>
                  <TableCell align="right">
                    {(['open', 'close'] as const).map((action) => (
                      <Button
                        key={action}
                        size="small"
                        disabled={pending}
                        data-testid={`phase-${action}`}
                        onClick={() =>
                          act(
                            () => api.post(`${base}/${name}/${action}`),
                            `console.competitions.notifications.${action}`,
                          )
                        }
                      >
                        {translate(`console.competitions.actions.${action}`)}
                      </Button>
                    ))}
                  </TableCell>
                </TableRow>
              );
            })}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('console.competitions.fields.phase')}
          value={phase}
          onChange={(event) => setPhase(event.target.value as PhaseName)}
        >
          {phaseNames.map((name) => (
            <MenuItem key={name} value={name}>
              {translate(`console.competitions.phases.${name}`)}
            </MenuItem>
          ))}
        </TextField>
        {(
          [
            ['startsAt', startsAt, setStartsAt],
            ['endsAt', endsAt, setEndsAt],
          ] as const
        ).map(([field, value, set]) => (
          <TextField
            key={field}
            size="small"
            type="datetime-local"
            label={translate(`console.competitions.fields.${field}`)}
            value={value}
            onChange={(event) => set(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `schedule-${field}` } }}
          />
        ))}
        <Button
          variant="outlined"
          disabled={pending || !startsAt || !endsAt}
          data-testid="schedule-phase"
          onClick={() =>
            act(
              () =>
                api.post(base, {
                  phase,
                  startsAt: new Date(startsAt).toISOString(),
                  endsAt: new Date(endsAt).toISOString(),
                }),
              'console.competitions.notifications.scheduled',
            )
          }
        >
          {translate('console.competitions.actions.schedule')}
        </Button>
      </Stack>
    </Panel>
  );
}
