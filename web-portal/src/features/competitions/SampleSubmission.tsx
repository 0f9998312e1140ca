import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { formatBytes } from '../../forms/dates';
import { sampleUnavailableCode } from '../scoring/scoringApi';
import { scoringApi } from '../scoring/scoringClient';
import type { SampleInfo } from '../scoring/types';
import { useSession } from '../session/session';
import { saveBlob } from './saveBlob';
import type { CompetitionDetail } from './types';

type State = { status: 'loading' } | { status: 'ready'; info: SampleInfo } | { status: 'unavailable' };

/**
 * The data tab's sample submission: the file My submissions offers (GET /submission/sample, generated
 * from the ground truth's test ids with a placeholder value), its size, columns and rows. For
 * participants signed up, as the server allows; others are told to sign up.
 */
export function SampleSubmission({ competition }: { competition: CompetitionDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const signedUp = session.status === 'signedIn' && competition.signedUp;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!signedUp) return;
    let live = true;
    scoringApi.sampleInfo(competition.competitionId).then(
      (info) => live && setState({ status: 'ready', info }),
      (error: unknown) => {
        // 40032: no ground truth yet; any other refusal was shown by the API client.
        if (live && error instanceof ApiError && error.code === sampleUnavailableCode)
          setState({ status: 'unavailable' });
      },
    );
    return () => {
      live = false;
    };
  }, [competition.competitionId, signedUp]);

  const download = (name: string) => {
    setBusy(true);
    scoringApi
      .sample(competition.competitionId)
      .then((blob) => saveBlob(blob, name))
      .catch(() => undefined) // the API client showed the server's reason
      .finally(() => setBusy(false));
  };

  let body;
  if (!signedUp) body = <Alert severity="info">{t('competition.sample.signUpFirst')}</Alert>;
  else if (state.status === 'unavailable')
    body = <Alert severity="info">{t('competition.sample.unavailable')}</Alert>;
  else if (state.status === 'loading') body = null;
  else {
    const { info } = state;
    body = (
      <Table size="small" data-testid="sample-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('competition.files.name')}</TableCell>
            <TableCell>{t('competition.files.size')}</TableCell>
            <TableCell>{t('competition.sample.columns')}</TableCell>
            <TableCell>{t('competition.sample.rows')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow data-testid="sample-row">
            <TableCell>{info.name}</TableCell>
            <TableCell data-testid="sample-size">{formatBytes(info.size)}</TableCell>
            <TableCell data-testid="sample-columns">
              {info.columns.map((column, index) => (
                <span key={column}>
                  {index > 0 ? ', ' : null}
                  <code>{column}</code>
                </span>
              ))}
            </TableCell>
            <TableCell data-testid="sample-rows">{info.rows.toLocaleString()}</TableCell>
            <TableCell align="right">
              <Button
                size="small"
                disabled={busy}
                onClick={() => download(info.name)}
                aria-label={t('competition.files.downloadNamed', { name: info.name })}
              >
                {t('competition.files.download')}
              </Button>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    );
  }
  return (
    <Box component="section" sx={{ mb: 4 }} data-testid="sample-submission">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('competition.sample.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('competition.sample.rule')}
      </Typography>
      {body}
    </Box>
  );
}
