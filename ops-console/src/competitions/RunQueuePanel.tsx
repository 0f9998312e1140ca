import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';
import { Panel } from './Panel';
import { useAction } from './useAction';

type QueueRow = { competitionId: string; weight: number; waiting: number; running: number };

/**
 * The competition's weight in the fair queue of container runs (decision 0038): its waiting runs are taken
 * in this proportion against other competitions' (`GET /api/admin/run-queue`, `POST /api/admin/run-queue/weight`).
 * Shown for competitions that take container images.
 */
export function RunQueuePanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [saved, setSaved] = useState(0);
  const [weight, setWeight] = useState<number | null>(null);
  const containers = ((record?.submissionKinds as string[] | undefined) ?? []).includes('container-image');
  const queue = useLoad(containers ? () => api.get<QueueRow[]>('/admin/run-queue') : null, [
    api,
    saved,
    containers,
  ]);
  if (!record || !containers) return null;
  const row = queue.data?.find((one) => one.competitionId === String(record.id));
  const shown = weight ?? row?.weight ?? 1;
  const valid = Number.isInteger(shown) && shown >= 1 && shown <= 100;
  async function save() {
    const result = await act(
      () => api.post('/admin/run-queue/weight', { competitionId: String(record!.id), weight: shown }),
      'console.competitions.notifications.runQueueWeight',
    );
    if (result) {
      setWeight(null);
      setSaved((n) => n + 1);
    }
  }
  return (
    <Panel title="console.competitions.panels.runQueue" testId="run-queue-panel">
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('console.competitions.runQueue.intro')}
      </Typography>
      {row && (
        <Typography variant="body2" gutterBottom data-testid="run-queue-now">
          {translate('console.competitions.runQueue.now', { waiting: row.waiting, running: row.running })}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          type="number"
          label={translate('console.competitions.runQueue.weight')}
          value={shown}
          error={!valid}
          helperText={valid ? undefined : translate('console.competitions.runQueue.range')}
          onChange={(event) => setWeight(Number(event.target.value))}
          slotProps={{ htmlInput: { min: 1, max: 100, step: 1, 'data-testid': 'run-queue-weight' } }}
        />
        <Button
          variant="contained"
          disabled={pending || !valid}
          onClick={() => void save()}
          data-testid="run-queue-save"
        >
          {translate('console.competitions.runQueue.save')}
        </Button>
      </Stack>
    </Panel>
  );
}
