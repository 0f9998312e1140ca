import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../forms/dates';
import type { Seal } from './types';

type Check = { state: 'idle' | 'running' | 'failed' } | { state: 'done'; digest: string };

/**
 * The seal of a phase's final results, and (once the private board is published) a check anyone can
 * run: rebuild the canonical text from the published rows and compare digests.
 */
export function SealPanel({
  seal,
  canRecompute,
  recompute,
  timeZone,
  links,
}: {
  seal: Seal | null;
  canRecompute: boolean;
  recompute: () => Promise<string>;
  /** The competition's zone, the sealing time's. */
  timeZone?: string | undefined;
  /** Shown once published: the links from the seal (the prize places' write-ups, decision 0047). */
  links?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const run = () => {
    setCheck({ state: 'running' });
    recompute().then(
      (digest) => setCheck({ state: 'done', digest }),
      () => setCheck({ state: 'failed' }),
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="seal">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('scoring.seal.heading')}
      </Typography>
      {seal ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography color="text.secondary">
            {t('scoring.seal.digest', {
              algorithm: seal.algorithm.toUpperCase(),
              form: seal.form,
              date: formatZonedDateTime(seal.sealedAt, i18n.resolvedLanguage, timeZone),
            })}
          </Typography>
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="seal-digest">
            {seal.digest}
          </Typography>
          {canRecompute ? (
            <div>
              <Button variant="outlined" size="small" disabled={check.state === 'running'} onClick={run}>
                {t('scoring.seal.recompute')}
              </Button>
            </div>
          ) : null}
          {check.state === 'done' ? (
            <Alert severity={check.digest === seal.digest ? 'success' : 'error'} data-testid="seal-check">
              {check.digest === seal.digest
                ? t('scoring.seal.match')
                : t('scoring.seal.mismatch', { digest: check.digest })}
            </Alert>
          ) : null}
          {check.state === 'failed' ? <Alert severity="warning">{t('scoring.seal.failed')}</Alert> : null}
          {canRecompute && links ? <div>{links}</div> : null}
        </Stack>
      ) : (
        <Typography color="text.secondary" data-testid="seal-none">
          {t('scoring.seal.none')}
        </Typography>
      )}
    </Paper>
  );
}
