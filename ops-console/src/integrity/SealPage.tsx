import Lock from '@mui/icons-material/Lock';
import Publish from '@mui/icons-material/Publish';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PublishedPage, type SealCheck, recomputePublishedSeal } from '@sais/events';
import { useState } from 'react';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { useAction } from '../competitions/useAction';
import { messageOf } from '../operations/useCommand';
import { useConsoleApi } from '../operations/useConsoleApi';
import { useLoad } from '../operations/useLoad';
import { mayUse } from '../providers/permissions';
import { CompetitionPhasePicker, usePhaseChoice } from '../operations/CompetitionPhasePicker';

interface SealStatus {
  seal: { digest: string; sealedAt: string; rows: number } | null;
  current: { digest: string; rows: number } | null;
  published: boolean;
}

const digestStyle = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/**
 * Sealed final results of a phase: the seal and the digest of the ranking now, sealing and publishing
 * (operators), and the recomputation in this browser from the published ranking (WebCrypto).
 */
export function SealPage() {
  const translate = useTranslate();
  const api = useConsoleApi();
  const { permissions } = usePermissions<string[]>();
  const operator = mayUse(permissions, 'integrity.operate');
  const { act, pending } = useAction();
  const [choice, setChoice] = usePhaseChoice('seal');
  const [round, setRound] = useState(0);
  const [check, setCheck] = useState<SealCheck | { error: string } | 'running' | null>(null);
  const ready = Boolean(choice.competitionId && choice.phase);
  const status = useLoad(
    ready && operator ? () => api.get<SealStatus>('/admin/leaderboard/seal', { ...choice }) : null,
    [choice.competitionId, choice.phase, round, api],
  );
  const after = (done: string, call: () => Promise<unknown>) => async () => {
    await act(call, done);
    setRound((value) => value + 1);
  };
  const recompute = async () => {
    setCheck('running');
    const page = (n: number) =>
      api.get<PublishedPage>('/leaderboard/private', { ...choice, page: n, pageSize: 100 });
    setCheck(
      await recomputePublishedSeal(choice.competitionId, page).catch((error: unknown) => ({
        error: messageOf(error),
      })),
    );
  };
  const data = status.data;
  const stale = data?.seal && data.current && data.seal.digest !== data.current.digest;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="console.integrity.seal.title" />
      <CardContent>
        <Stack spacing={2}>
          <Typography>{translate('console.integrity.seal.intro')}</Typography>
          <CompetitionPhasePicker
            value={choice}
            onChange={(value) => {
              setChoice(value);
              setCheck(null);
            }}
          />
          {status.error && <Alert severity="warning">{status.error}</Alert>}
          {data && (
            <Stack spacing={1} data-testid="seal-status">
              <Alert severity={data.seal ? 'info' : 'warning'} sx={digestStyle} data-testid="seal-recorded">
                {data.seal
                  ? translate('console.integrity.seal.sealed', {
                      at: new Date(data.seal.sealedAt).toLocaleString(),
                      digest: data.seal.digest,
                    })
                  : translate('console.integrity.seal.notSealed')}
              </Alert>
              <Alert severity="info" sx={digestStyle}>
                {data.current
                  ? translate('console.integrity.seal.current', data.current)
                  : translate('console.integrity.seal.empty')}
              </Alert>
              {stale && <Alert severity="error">{translate('console.integrity.seal.stale')}</Alert>}
              {data.published && (
                <Alert severity="success">{translate('console.integrity.seal.published')}</Alert>
              )}
            </Stack>
          )}
          <Stack direction="row" spacing={2}>
            {operator && (
              <>
                <Button
                  variant="contained"
                  startIcon={<Lock />}
                  disabled={!ready || pending || data?.published}
                  onClick={after('console.integrity.seal.sealDone', () =>
                    api.post('/admin/leaderboard/seal', choice),
                  )}
                  data-testid="seal-run"
                >
                  {translate('console.integrity.seal.sealAction')}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<Publish />}
                  disabled={!ready || pending || data?.published}
                  onClick={after('console.integrity.seal.publishDone', () =>
                    api.post('/admin/leaderboard/publish', choice),
                  )}
                  data-testid="seal-publish"
                >
                  {translate('console.integrity.seal.publishAction')}
                </Button>
              </>
            )}
            <Button disabled={!ready || check === 'running'} onClick={recompute} data-testid="seal-recompute">
              {translate(
                check === 'running'
                  ? 'console.integrity.seal.recomputing'
                  : 'console.integrity.seal.recompute',
              )}
            </Button>
          </Stack>
          {check && typeof check === 'object' && 'error' in check && (
            <Alert severity="warning" data-testid="seal-check" data-result="unavailable">
              {check.error}
            </Alert>
          )}
          {check && typeof check === 'object' && 'match' in check && (
            <Alert
              severity={check.match ? 'success' : 'error'}
              sx={digestStyle}
              data-testid="seal-check"
              data-result={check.match ? 'match' : 'mismatch'}
            >
              {translate(check.match ? 'console.integrity.seal.match' : 'console.integrity.seal.mismatch', {
                rows: check.rows,
                digest: check.digest ?? '-',
                sealed: check.seal?.digest ?? '-',
              })}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
