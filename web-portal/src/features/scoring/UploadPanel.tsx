import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Remaining } from './types';

/** Result files above this size need the large-file upload, which does not exist yet. */
export const maxResultBytes = 20 * 1024 * 1024;

interface UploadPanelProps {
  remaining: Remaining | null;
  busy: boolean;
  /** Resolves when the upload is done (or failed: the API client shows why). */
  onUpload: (file: File) => Promise<void>;
}

/** Choose a CSV and submit it; today's allowance and the daily-limit rules beside it. */
export function UploadPanel({ remaining, busy, onUpload }: UploadPanelProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'format' | 'size' | null>(null);

  const choose = (chosen: File | undefined) => {
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    if (!chosen.name.toLowerCase().endsWith('.csv')) return setProblem('format');
    if (chosen.size > maxResultBytes) return setProblem('size');
    setFile(chosen);
  };

  const submit = async () => {
    if (!file) return;
    await onUpload(file);
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const exhausted = remaining !== null && remaining.remaining <= 0;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="upload-panel">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('scoring.uploadHeading')}
      </Typography>
      {remaining ? (
        <Typography data-testid="remaining" sx={{ mb: 1 }}>
          {t('scoring.remaining', { remaining: remaining.remaining, limit: remaining.limit })}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ mt: 0, pl: 3, color: 'text.secondary' }} data-testid="upload-rules">
        <li>{t('scoring.rules.format')}</li>
        <li>
          {t('scoring.rules.daily', { limit: remaining?.limit ?? '-', timeZone: remaining?.timeZone ?? '-' })}
        </li>
        <li>{t('scoring.rules.refund')}</li>
        <li>{t('scoring.rules.size')}</li>
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" disabled={busy}>
          {t('scoring.chooseFile')}
          <input
            ref={input}
            hidden
            type="file"
            name="result"
            accept=".csv,text/csv"
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Button>
        <Typography data-testid="chosen-file" color={file ? 'text.primary' : 'text.secondary'}>
          {file ? file.name : t('scoring.noFileChosen')}
        </Typography>
        <Button variant="contained" disabled={!file || busy || exhausted} onClick={() => void submit()}>
          {t('scoring.submit')}
        </Button>
      </Stack>
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t(problem === 'format' ? 'scoring.csvOnly' : 'scoring.tooLarge')}
        </Alert>
      ) : null}
      {exhausted ? (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="limit-reached">
          {t('scoring.limitReached')}
        </Alert>
      ) : null}
    </Paper>
  );
}
