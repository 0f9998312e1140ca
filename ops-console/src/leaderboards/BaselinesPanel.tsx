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
import { scoring } from '@sais/events';
import { useState } from 'react';
import { HttpError, useLocale, useRecordContext, useTranslate } from 'react-admin';
import { Panel } from '../competitions/Panel';
import { useAction } from '../competitions/useAction';
import { useConsoleApi } from '../shared/useConsoleApi';
import { useLoad } from '../shared/useLoad';

type Baseline = scoring.responses.BaselineRecord;
const limits = scoring.baselineLimits;

/** The scorer's refusal of a baseline file (40130), in the console's language, or null. */
function refusalOf(error: unknown, language: 'en' | 'zh-CN'): string | null {
  if (!(error instanceof HttpError)) return null;
  const data = (error.body as { data?: { refusal?: scoring.FileRefusal | null; log?: string | null } } | null)
    ?.data;
  return scoring.submissionLogText(data?.refusal ?? data?.log ?? null, language);
}

/**
 * A competition's baselines (decision 0050): add one to a phase with a name, a description and a file
 * scored like a submission (`POST /api/admin/leaderboard/baselines`), the list with both scores, and
 * remove with a reason. The boards show them marked, never ranked.
 */
export function BaselinesPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useLocale();
  const language = locale === 'en' ? 'en' : 'zh-CN';
  const api = useConsoleApi();
  const { act, pending } = useAction();
  const [changed, setChanged] = useState(0);
  const competitionId = record ? String(record.id) : '';
  const query = { competitionId } satisfies scoring.requests.CompetitionQuery;
  const phases = useLoad(
    record ? () => api.get<{ phase: string }[]>('/admin/leaderboard/options', query) : null,
    [api, competitionId],
  );
  const list = useLoad(record ? () => api.get<Baseline[]>('/admin/leaderboard/baselines', query) : null, [
    api,
    competitionId,
    changed,
  ]);
  const [phase, setPhase] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  if (!record) return null;
  const chosenPhase = phase || phases.data?.[0]?.phase || '';

  /** The list as the boards' projection has it once the change is applied (it follows the event). */
  async function settle(done: (rows: Baseline[]) => boolean) {
    for (let i = 0; i < 40; i++) {
      if (done(await api.get<Baseline[]>('/admin/leaderboard/baselines', query))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    setChanged((n) => n + 1);
  }

  async function add() {
    if (!file) return;
    setRefusal(null);
    const form = new FormData();
    form.set('competitionId', competitionId);
    form.set('phase', chosenPhase);
    form.set('name', name.trim());
    form.set('description', description.trim());
    form.set('file', file, file.name);
    let failure: unknown = null;
    const added = await act(
      () =>
        api.upload<Baseline>('/admin/leaderboard/baselines', form).catch((error: unknown) => {
          failure = error;
          throw error;
        }),
      'console.baselines.added',
    );
    if (!added) return setRefusal(refusalOf(failure, language));
    setName('');
    setDescription('');
    await settle((rows) => rows.some((row) => row.baselineId === added.baselineId));
  }

  async function remove(baseline: Baseline) {
    const done = await act(
      () =>
        api.post('/admin/leaderboard/baselines/remove', {
          competitionId,
          phase: baseline.phase,
          baselineId: baseline.baselineId,
          reason: reason.trim(),
        } satisfies scoring.requests.RemoveBaseline),
      'console.baselines.removed',
    );
    if (done) await settle((rows) => !rows.some((row) => row.baselineId === baseline.baselineId));
  }

  const nameValid = name.trim().length > 0 && name.trim().length <= limits.nameMax;
  return (
    <Panel title="console.baselines.title" testId="baselines-panel">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('console.baselines.intro', { limit: limits.perPhase })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={translate('console.baselines.phase')}
          value={chosenPhase}
          onChange={(event) => setPhase(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'baseline-phase' } }}
          sx={{ minWidth: 140 }}
        >
          {(phases.data ?? []).map((row) => (
            <MenuItem key={row.phase} value={row.phase}>
              {translate(`console.competitions.phases.${row.phase}`, { _: row.phase })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={translate('console.baselines.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: limits.nameMax, 'data-testid': 'baseline-name' } }}
        />
        <TextField
          size="small"
          multiline
          label={translate('console.baselines.description')}
          helperText={`${description.length} / ${limits.descriptionMax}`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          slotProps={{
            htmlInput: { maxLength: limits.descriptionMax, 'data-testid': 'baseline-description' },
          }}
          sx={{ minWidth: 280 }}
        />
        <input
          type="file"
          accept=".csv,text/csv"
          data-testid="baseline-file"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button
          variant="outlined"
          disabled={pending || !file || !nameValid || !chosenPhase}
          onClick={add}
          data-testid="baseline-add"
        >
          {translate('console.baselines.add')}
        </Button>
      </Stack>
      {refusal ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="baseline-refusal">
          {refusal}
        </Alert>
      ) : null}
      {(list.data ?? []).length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="baselines-empty">
          {translate('console.baselines.none')}
        </Typography>
      ) : (
        <>
          <TextField
            size="small"
            sx={{ mt: 2 }}
            label={translate('console.baselines.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'baseline-reason' } }}
          />
          <Table size="small" sx={{ mt: 1 }} data-testid="baselines-list">
            <TableHead>
              <TableRow>
                <TableCell>{translate('console.baselines.phase')}</TableCell>
                <TableCell>{translate('console.baselines.name')}</TableCell>
                <TableCell>{translate('console.baselines.description')}</TableCell>
                <TableCell>{translate('console.baselines.publicScore')}</TableCell>
                <TableCell>{translate('console.baselines.privateScore')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data ?? []).map((row) => (
                <TableRow key={row.baselineId} data-testid="baseline-row">
                  <TableCell>
                    {translate(`console.competitions.phases.${row.phase}`, { _: row.phase })}
                  </TableCell>
                  <TableCell>{row.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{row.description || '-'}</TableCell>
                  <TableCell data-testid="baseline-public">{row.publicScore}</TableCell>
                  <TableCell data-testid="baseline-private">{row.privateScore}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      color="error"
                      disabled={pending || reason.trim() === ''}
                      onClick={() => remove(row)}
                      data-testid="baseline-remove"
                    >
                      {translate('console.baselines.remove')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Panel>
  );
}
