import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { scoring } from '@sais/events';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useConsoleApi } from '../operations/useConsoleApi';
import { Panel } from './Panel';
import { useAction } from './useAction';

/** Every metric of the registry (decision 0010), labelled in the console's languages. */
const metrics = scoring.metricNames;
type Uploaded = { rows: number; publicRows: number; sha256: string };

/**
 * The ground truth (CSV `id,<target>`) with its metric and public/private split: the public share of
 * rows scores the public leaderboard, the rest the private one (`POST /api/admin/groundtruth`).
 */
export function GroundTruthPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [metric, setMetric] = useState<(typeof metrics)[number]>('rmse');
  const [publicPercent, setPublicPercent] = useState(50);
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  if (!record) return null;
  async function upload() {
    if (!file) return;
    const form = new FormData();
    form.set('competitionId', String(record!.id));
    form.set('metric', metric);
    form.set('publicPercent', String(publicPercent));
    form.set('file', file, file.name);
    const result = await act(
      () => api.upload<Uploaded>('/admin/groundtruth', form),
      'console.competitions.notifications.groundTruth',
    );
    if (result) setUploaded(result);
  }
  return (
    <Panel title="console.competitions.panels.groundTruth" testId="groundtruth-panel">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('console.competitions.fields.metric')}
          value={metric}
          onChange={(event) => setMetric(event.target.value as (typeof metrics)[number])}
        >
          {metrics.map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`console.competitions.metrics.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={translate('console.competitions.fields.publicPercent')}
          value={publicPercent}
          onChange={(event) => setPublicPercent(Number(event.target.value))}
          slotProps={{ htmlInput: { min: 0, max: 100, 'data-testid': 'public-percent' } }}
        />
        <input
          type="file"
          accept=".csv,text/csv"
          data-testid="groundtruth-input"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button
          variant="outlined"
          disabled={pending || !file}
          onClick={upload}
          data-testid="groundtruth-upload"
        >
          {translate('console.competitions.actions.upload')}
        </Button>
      </Stack>
      {uploaded && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="groundtruth-result">
          {translate('console.competitions.groundTruthSplit', {
            rows: uploaded.rows,
            publicRows: uploaded.publicRows,
            privateRows: uploaded.rows - uploaded.publicRows,
            sha256: uploaded.sha256.slice(0, 16),
          })}
        </Alert>
      )}
    </Panel>
  );
}
