import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { competition } from '@sais/events';
import { useLocale, useStore, useTranslate } from 'react-admin';
import { type PhaseName, phaseNames } from '../competitions/choices';
import { type Localized, localized } from './LocalizedText';
import { useConsoleApi } from './useConsoleApi';
import { useLoad } from './useLoad';

export type Competition = {
  competitionId: string;
  title: Localized;
  timeZone?: string;
  bonus?: number;
  phases: Partial<Record<PhaseName, { startsAt: string; endsAt: string }>>;
};

/** The public competition list (auditors choose too, and may not use the operators' resource). */
export function useCompetitions(): Competition[] {
  const api = useConsoleApi();
  const { data } = useLoad(
    () =>
      api.get<{ records: Competition[] }>('/race/list', {
        pageSize: 100,
      } satisfies competition.requests.ListQuery),
    [api],
  );
  return data?.records ?? [];
}

/** A competition's title in the console's language and its time zone, for dialogs and times. */
export function useCompetition(competitionId: string) {
  const locale = useLocale();
  const found = useCompetitions().find((item) => item.competitionId === competitionId);
  return { name: found ? localized(found.title, locale) : '', timeZone: found?.timeZone, found };
}

export interface PhaseChoice {
  competitionId: string;
  phase: string;
}

/**
 * The competition and phase a page shows, kept in the console's store under the page's name: the page
 * keeps its choice when it is mounted again (as react-admin may do while it settles) and on a later visit.
 */
export function usePhaseChoice(page: string) {
  return useStore<PhaseChoice>(`console.${page}.choice`, { competitionId: '', phase: '' });
}

/** Chooses a competition (by title, from the public list) and one of its phases; `children` sit on the same row. */
export function CompetitionPhasePicker({
  value,
  onChange,
  children,
}: {
  value: PhaseChoice;
  onChange: (value: PhaseChoice) => void;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const competitions = useCompetitions();
  const chosen = competitions.find((item) => item.competitionId === value.competitionId);
  const phases = phaseNames.filter((name) => chosen?.phases?.[name]);
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 320 }}
        label={translate('console.operations.competition')}
        value={chosen ? value.competitionId : ''}
        onChange={(event) => onChange({ competitionId: event.target.value, phase: '' })}
        slotProps={{ htmlInput: { 'data-testid': 'pick-competition' } }}
      >
        {competitions.map((item) => (
          <MenuItem key={item.competitionId} value={item.competitionId}>
            {localized(item.title, locale)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        sx={{ minWidth: 180 }}
        label={translate('console.operations.phase')}
        value={phases.includes(value.phase as PhaseName) ? value.phase : ''}
        onChange={(event) => onChange({ ...value, phase: event.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'pick-phase' } }}
      >
        {phases.map((name) => (
          <MenuItem key={name} value={name}>
            {translate(`console.competitions.phases.${name}`)}
          </MenuItem>
        ))}
      </TextField>
      {children}
    </Stack>
  );
}
