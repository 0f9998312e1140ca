import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { maxSecondaryMetrics, scoring } from '@sais/events';
import { type ReactNode, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';
import { ZonedTime } from '../shared/ZonedTime';
import { platformZone } from '../shared/time';
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
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const current = useLoad(
    record
      ? () =>
          api.get<CurrentTruth | null>('/admin/groundtruth', {
            competitionId: String(record.id),
          } satisfies scoring.requests.CompetitionQuery)
      : null,
    [api, record?.id, uploaded],
  );
  // The competition's metric is the one in force; RMSE only before any ground truth.
  const [chosenMetric, setMetric] = useState<(typeof metrics)[number] | null>(null);
  const metric = chosenMetric ?? (current.data?.metric as (typeof metrics)[number] | undefined) ?? 'rmse';
  const [publicPercent, setPublicPercent] = useState(50);
  const [reveal, setReveal] = useState(false);
  // Secondary metrics (decision 0046), in the order chosen: the board's columns and tie-breaks.
  const [secondary, setSecondary] = useState<string[]>([]);
  if (!record) return null;
  async function upload() {
    if (!file) return;
    const form = new FormData();
    form.set('competitionId', String(record!.id));
    form.set('metric', metric);
    form.set('publicPercent', String(publicPercent));
    form.set('revealGroundTruth', String(reveal));
    const others = secondary.filter((name) => name !== metric);
    if (others.length > 0) form.set('secondaryMetrics', others.join(','));
    form.set('file', file, file.name);
    const result = await act(
      () => api.upload<Uploaded>('/admin/groundtruth', form),
      'console.competitions.notifications.groundTruth',
    );
    if (result) setUploaded(result);
  }
  return (
    <Panel title="console.competitions.panels.groundTruth" testId="groundtruth-panel">
      <CurrentTruthNote truth={current.data} zone={(record.timeZone as string | undefined) ?? platformZone} />
      {/* The metric's long name is cut short in its field and the row wraps, rather than widen the page
          (1420 px at 1366 in English, issue 35). */}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          sx={{ minWidth: 220, maxWidth: 320 }}
          label={translate('console.competitions.fields.metric')}
          value={metric}
          onChange={(event) => setMetric(event.target.value as (typeof metrics)[number])}
          slotProps={{ htmlInput: { 'data-testid': 'groundtruth-metric' } }}
        >
          {metrics.map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`console.competitions.metrics.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          sx={{ minWidth: 220 }}
          label={translate('console.competitions.fields.secondaryMetrics')}
          value={secondary}
          onChange={(event) => {
            const chosen = event.target.value as unknown as string[];
            // Kept in the order picked (a name picked again is removed), at most maxSecondaryMetrics.
            setSecondary(chosen.slice(0, maxSecondaryMetrics));
          }}
          slotProps={{
            select: { multiple: true, renderValue: (value) => (value as string[]).join(', ') },
            htmlInput: { 'data-testid': 'groundtruth-secondary' },
          }}
        >
          {metrics
            .filter((value) => value !== metric)
            .map((value) => (
              <MenuItem key={value} value={value} data-testid={`groundtruth-secondary-${value}`}>
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
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            checked={reveal}
            onChange={(event) => setReveal(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'groundtruth-reveal' } as object }}
          />
        }
        label={translate('console.trust.groundTruth.revealChoice')}
      />
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

interface CurrentTruth {
  metric: string;
  rows: number;
  publicRows: number;
  sha256: string;
  uploadedAt: string;
  uploadedByName: string | null;
  uploadedBy: string | null;
  revealGroundTruth?: boolean;
  secondaryMetrics?: string[];
}

/** The ground truth in force: file, rows and split, metric, who uploaded it and when. */
function CurrentTruthNote({ truth, zone }: { truth: CurrentTruth | null; zone: string }) {
  const translate = useTranslate();
  if (!truth)
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="groundtruth-current">
        {translate('console.trust.groundTruth.none')}
      </Alert>
    );
  const rows: [string, ReactNode][] = [
    ['file', <code key="file">{truth.sha256.slice(0, 16)}…</code>],
    ['rows', truth.rows.toLocaleString()],
    [
      'split',
      `${Math.round((100 * truth.publicRows) / truth.rows)}% (${truth.publicRows.toLocaleString()} / ${(truth.rows - truth.publicRows).toLocaleString()})`,
    ],
    ['metric', translate(`console.competitions.metrics.${truth.metric}`, { _: truth.metric })],
    ['reveal', translate(`console.trust.groundTruth.${truth.revealGroundTruth ? 'revealYes' : 'revealNo'}`)],
    [
      'secondaryMetrics',
      truth.secondaryMetrics?.length
        ? truth.secondaryMetrics.join(', ')
        : translate('console.trust.groundTruth.secondaryNone'),
    ],
    [
      'uploadedBy',
      <span key="uploadedBy">
        {truth.uploadedByName ?? truth.uploadedBy ?? '—'} · <ZonedTime value={truth.uploadedAt} zone={zone} />
      </span>,
    ],
  ];
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="groundtruth-current">
      <strong>{translate('console.trust.groundTruth.current')}</strong>
      {rows.map(([key, value]) => (
        <div key={key}>
          {translate(`console.trust.groundTruth.${key}`)}: {value}
        </div>
      ))}
    </Alert>
  );
}
