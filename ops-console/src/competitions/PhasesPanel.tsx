import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { competition as contracts } from '@sais/events';
import { useState } from 'react';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { type Localized, localized } from '../shared/LocalizedText';
import { useConsoleApi } from '../shared/useConsoleApi';
import { EffectDialog } from '../shared/EffectDialog';
import { platformZone, zonedToIso } from '../shared/time';
import { ZonedTime } from '../shared/ZonedTime';
import { type PhaseName, phaseNames } from './choices';
import { Panel } from './Panel';
import { useAction } from './useAction';

type Phase = { startsAt: string; endsAt: string; override: 'open' | 'closed' | null };

/** The schedule: each phase's dates and override, open or close it now, schedule a phase. */
export function PhasesPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [phase, setPhase] = useState<PhaseName>('preliminary');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [asked, setAsked] = useState<{ name: PhaseName; action: 'open' | 'close' } | null>(null);
  const locale = useLocale();
  if (!record) return null;
  const phases = (record.phases ?? {}) as Partial<Record<PhaseName, Phase>>;
  const base = `/admin/competitions/${record.id}/phases`;
  // Competition data shows the competition's zone, and the schedule is typed in it (issue 19).
  const zone = (record.timeZone as string | undefined) ?? platformZone;
  const competition = localized(record.title as Localized | undefined, locale);
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
                  <TableCell>
                    <ZonedTime value={item.startsAt} zone={zone} />
                  </TableCell>
                  <TableCell>
                    <ZonedTime value={item.endsAt} zone={zone} />
                  </TableCell>
                  <TableCell data-testid="phase-override" sx={{ whiteSpace: 'nowrap' }}>
                    {item.override ? translate(`console.competitions.override.${item.override}`) : '—'}
                  </TableCell>
                  <TableCell align="right">
                    {(['open', 'close'] as const).map((action) => (
                      <Button
                        key={action}
                        size="small"
                        disabled={pending}
                        data-testid={`phase-${action}`}
                        onClick={() => setAsked({ name, action })}
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
      {/* Wraps (the button under the fields) rather than widen the page at 1366 px in English (issue 35). */}
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
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
            label={`${translate(`console.competitions.fields.${field}`)} (${zone})`}
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
                  startsAt: zonedToIso(startsAt, zone),
                  endsAt: zonedToIso(endsAt, zone),
                } satisfies contracts.requests.PhaseBody),
              'console.competitions.notifications.scheduled',
            )
          }
        >
          {translate('console.competitions.actions.schedule')}
        </Button>
      </Stack>
      {asked && (
        <EffectDialog
          open
          title={`console.trust.phases.${asked.action}Title`}
          confirm={`console.competitions.actions.${asked.action}`}
          effect={translate(`console.trust.phases.${asked.action}Effect`, {
            phase: translate(`console.competitions.phases.${asked.name}`),
            competition,
          })}
          pending={pending}
          onClose={() => setAsked(null)}
          onConfirm={async () => {
            const done = await act(
              () => api.post(`${base}/${asked.name}/${asked.action}`),
              `console.competitions.notifications.${asked.action}`,
            );
            if (done !== undefined) setAsked(null);
          }}
        />
      )}
    </Panel>
  );
}
