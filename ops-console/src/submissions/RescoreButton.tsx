import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { phaseNames } from '../competitions/choices';
import { useAction } from '../competitions/useAction';
import { useCompetition } from '../shared/CompetitionPhasePicker';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';
import { EffectDialog } from '../shared/EffectDialog';

const allPhases = 'all';

/**
 * Scores again every scored submission of the filtered competition, in one phase or (said so
 * explicitly) all of them, after a ground-truth fix. The dialog says how many submissions it touches
 * and asks for the competition's name (issue 19); the server knows no default phase.
 */
export function RescoreButton() {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const dataProvider = useDataProvider();
  const { act, pending } = useAction();
  const competitionId = filterValues.competitionId as string | undefined;
  const { name, found } = useCompetition(competitionId ?? '');
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<string>('');
  const phases = phaseNames.filter((phase) => found?.phases?.[phase] && phase !== 'registration');
  const chosen = scope || (filterValues.phase as string | undefined) || '';
  const count = useLoad(
    open && competitionId && chosen
      ? async () => {
          const filter = { competitionId, ...(chosen === allPhases ? {} : { phase: chosen }) };
          const totals = await Promise.all(
            ['Completed', 'Invalid'].map(async (status) => {
              const page = await dataProvider.getList('submissions', {
                pagination: { page: 1, perPage: 1 },
                sort: { field: 'createdAt', order: 'DESC' },
                filter: { ...filter, status },
              });
              return page.total ?? 0;
            }),
          );
          return totals[0]! + totals[1]!;
        }
      : null,
    [open, competitionId, chosen],
  );
  const scopeText =
    chosen === allPhases
      ? translate('console.trust.rescore.allPhases')
      : chosen
        ? translate(`console.competitions.phases.${chosen}`)
        : '';
  return (
    <>
      <Button
        size="small"
        startIcon={<Replay />}
        disabled={!competitionId || pending}
        data-testid="rescore-all"
        onClick={() => {
          setScope('');
          setOpen(true);
        }}
      >
        {translate('console.trust.rescore.button')}
      </Button>
      <EffectDialog
        open={open}
        title="console.trust.rescore.title"
        confirm="console.submissions.actions.rescoreAll"
        effect={
          chosen
            ? translate('console.trust.rescore.effect', {
                scope: scopeText,
                competition: name,
                count: count.data === null ? '…' : count.data.toLocaleString(),
              })
            : translate('console.trust.rescore.scope')
        }
        typeToConfirm={name}
        ready={Boolean(chosen) && count.data !== null}
        pending={pending}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          const body =
            chosen === allPhases ? { competitionId, allPhases: true } : { competitionId, phase: chosen };
          const answer = await act(
            () =>
              api.post<{ rescored: number; changed: number; invalid: number }>(
                '/admin/submissions/rescore',
                body,
              ),
            'console.submissions.notifications.rescoredAll',
          );
          if (answer !== undefined) setOpen(false);
        }}
      >
        <TextField
          select
          size="small"
          label={translate('console.trust.rescore.scope')}
          value={chosen}
          onChange={(event) => setScope(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'rescore-scope' } }}
        >
          {phases.map((phase) => (
            <MenuItem key={phase} value={phase}>
              {translate(`console.competitions.phases.${phase}`)}
            </MenuItem>
          ))}
          <MenuItem value={allPhases}>{translate('console.trust.rescore.allPhases')}</MenuItem>
        </TextField>
      </EffectDialog>
    </>
  );
}
