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
import { competition as contracts } from '@sais/events';
import { useEffect, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useConsoleApi } from '../shared/useConsoleApi';
import { type PhaseName, phaseNames } from './choices';
import { Panel } from './Panel';
import { useAction } from './useAction';

type Limits = contracts.PhaseRunLimits;
type Field = contracts.RunLimitField;
const fields = contracts.runLimitFields;

/**
 * The limits of each phase's container runs (decision 0044): time, memory, CPUs, result size and GPUs,
 * within the runners' machine ceiling (shown beside each input; the server refuses more, with the bound).
 * A phase never given limits runs with the runners' defaults, which the table shows.
 */
export function RunLimitsPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [policy, setPolicy] = useState<contracts.RunLimitPolicy | null>(null);
  const [phase, setPhase] = useState<PhaseName>('preliminary');
  const [values, setValues] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => {
    api
      .get<contracts.RunLimitPolicy>('/admin/competitions/run-limit-policy')
      .then(setPolicy, () => undefined);
  }, [api]);
  if (!record) return null;
  const phases = (record.phases ?? {}) as Partial<Record<PhaseName, { runLimits?: Limits }>>;
  const scheduled = phaseNames.filter((name) => phases[name]);
  const current = phases[phase]?.runLimits ?? policy?.defaults;
  const value = (field: Field) => values[field] ?? (current ? String(current[field]) : '');
  const body: Limits = {
    timeoutSeconds: Number(value('timeoutSeconds')),
    memoryMb: Number(value('memoryMb')),
    cpus: Number(value('cpus')),
    resultMb: Number(value('resultMb')),
    gpus: Number(value('gpus')),
  };
  const complete = fields.every((field) => value(field) !== '' && Number.isFinite(Number(value(field))));
  return (
    <Panel title="console.competitions.panels.runLimits" testId="run-limits-panel">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('console.competitions.runLimits.intro')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('console.competitions.fields.phase')}</TableCell>
            {fields.map((field) => (
              <TableCell key={field}>{translate(`console.competitions.runLimits.fields.${field}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {scheduled.map((name) => (
            <TableRow key={name} data-testid={`run-limits-${name}`}>
              <TableCell>{translate(`console.competitions.phases.${name}`)}</TableCell>
              {fields.map((field) => (
                <TableCell key={field}>{phases[name]?.runLimits?.[field] ?? '—'}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 2 }}>
        <TextField
          select
          size="small"
          label={translate('console.competitions.fields.phase')}
          value={phase}
          onChange={(event) => {
            setPhase(event.target.value as PhaseName);
            setValues({});
          }}
        >
          {phaseNames.map((name) => (
            <MenuItem key={name} value={name}>
              {translate(`console.competitions.phases.${name}`)}
            </MenuItem>
          ))}
        </TextField>
        {fields.map((field) => (
          <TextField
            key={field}
            size="small"
            type="number"
            sx={{ width: 150 }}
            label={translate(`console.competitions.runLimits.fields.${field}`)}
            value={value(field)}
            onChange={(event) => setValues((before) => ({ ...before, [field]: event.target.value }))}
            helperText={
              policy
                ? translate('console.competitions.runLimits.atMost', { max: policy.ceiling[field] })
                : undefined
            }
            slotProps={{
              htmlInput: {
                'data-testid': `run-limit-${field}`,
                min: contracts.runLimitMinimums[field],
                max: policy?.ceiling[field],
                step: field === 'cpus' ? 0.1 : 1,
              },
            }}
          />
        ))}
        <Button
          variant="outlined"
          disabled={pending || !complete || !phases[phase]}
          data-testid="set-run-limits"
          onClick={() =>
            act(
              () =>
                api.put(
                  `/admin/competitions/${record.id}/phases/${phase}/run-limits`,
                  body satisfies contracts.requests.RunLimitsBody,
                ),
              'console.competitions.notifications.runLimitsSet',
            ).then((done) => done !== undefined && setValues({}))
          }
        >
          {translate('console.competitions.actions.setRunLimits')}
        </Button>
      </Stack>
    </Panel>
  );
}
