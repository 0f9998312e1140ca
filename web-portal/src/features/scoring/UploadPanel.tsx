import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { scoring } from '@sais/events';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneName } from '../../forms/timeZones';
import { languageOf } from '../../forms/useMessages';
import { SubmissionPanel } from './SubmissionPanel';
import type { Remaining } from './types';
import { type Progress, maxResultBytes } from './uploadTransport';

interface UploadPanelProps {
  remaining: Remaining | null;
  busy: boolean;
  /** Resolves when the upload is done (or failed: the API client shows why); reports progress. */
  /** `description`: the optional message kept with the submission (trimmed; absent when empty). */
  onUpload: (file: File, onProgress: Progress, description?: string) => Promise<void>;
  /** Downloads the sample submission (decision 0020); absent: no button. */
  onSample?: () => void;
}

/** A submission's message: at most this many characters (the server's limit, @sais/events). */
const messageMax = scoring.submissionDescriptionMax;

/** Choose a CSV (and an optional message) and submit it; today's allowance and the daily-limit rules beside it. */
export function UploadPanel({ remaining, busy, onUpload, onSample }: UploadPanelProps) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<'format' | 'size' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState('');

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
    setProgress(0);
    const description = message.trim();
    try {
      await onUpload(file, setProgress, ...(description ? [description] : []));
    } finally {
      setProgress(null);
    }
    setFile(null);
    setMessage('');
    if (input.current) input.current.value = '';
  };

  const exhausted = remaining !== null && remaining.remaining <= 0;
  return (
    <SubmissionPanel
      testId="upload-panel"
      heading={t('scoring.uploadHeading')}
      remaining={remaining}
      rulesTestId="upload-rules"
      rules={[
        remaining?.columns ? (
          <span data-testid="upload-columns">
            {t('scoring.rules.formatColumns', { columns: remaining.columns })}
          </span>
        ) : (
          t('scoring.rules.format')
        ),
        t('scoring.rules.daily', {
          limit: remaining?.limit ?? '-',
          timeZone: remaining ? zoneName(remaining.timeZone, languageOf(i18n.resolvedLanguage)) : '-',
        }),
        t('scoring.rules.refund'),
        ...(remaining?.formatRefusals
          ? [
              <span data-testid="format-refusals" key="format-refusals">
                {t('scoring.rules.formatRefusals', {
                  limit: remaining.formatRefusals.limit,
                  used: remaining.formatRefusals.used,
                })}
              </span>,
            ]
          : []),
        t('scoring.rules.size'),
      ]}
    >
      {onSample && remaining?.columns ? (
        <Button size="small" sx={{ mb: 2 }} onClick={onSample} data-testid="sample-download">
          {t('scoring.sampleDownload')}
        </Button>
      ) : null}
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
        <TextField
          size="small"
          label={t('scoring.message')}
          placeholder={t('scoring.messagePlaceholder')}
          value={message}
          disabled={busy}
          onChange={(event) => setMessage(event.target.value)}
          helperText={t('scoring.messageCount', { used: message.length, max: messageMax })}
          slotProps={{ htmlInput: { maxLength: messageMax, 'data-testid': 'submission-message' } }}
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
        <Button variant="contained" disabled={!file || busy || exhausted} onClick={() => void submit()}>
          {t('scoring.submit')}
        </Button>
      </Stack>
      {progress !== null ? (
        <Box sx={{ mt: 2 }} data-testid="upload-progress">
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} />
          <Typography variant="body2" color="text.secondary">
            {t('scoring.uploading', { percent: Math.round(progress * 100) })}
          </Typography>
        </Box>
      ) : null}
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
    </SubmissionPanel>
  );
}
